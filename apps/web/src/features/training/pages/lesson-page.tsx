import { LANGUAGES, localize } from '@atelier/shared';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ChevronLeftIcon, LockIcon } from '../../../shared/ui/icons';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { RichText } from '../../../shared/ui/rich-text';
import { PageLoader } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { useLesson } from '../api/get-lesson';
import { lessonVideoUrl, methodologyUrl } from '../api/lesson-files';
import { PurchaseModal } from '../components/purchase-modal';

function ExpandableText({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [long, setLong] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element && !expanded) setLong(element.scrollHeight > element.clientHeight + 1);
  }, [expanded]);

  return (
    <div>
      <div
        id={id}
        ref={ref}
        className={
          expanded ? '' : 'max-h-48 overflow-hidden [mask-image:linear-gradient(to_bottom,black_70%,transparent)]'
        }
      >
        <RichText text={text} />
      </div>
      {long || expanded ? (
        <button
          type="button"
          className="link mt-3 text-sm"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('training.collapse') : t('training.expand')}
        </button>
      ) : null}
    </div>
  );
}

/** `/training-detail/:id` and `/training-detail?id=`: the video only after purchase (SPEC §2). */
export function LessonPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = params.id ?? searchParams.get('id');
  const { data: lesson, isPending, isError, error, refetch } = useLesson(id);
  const [buying, setBuying] = useState(false);
  usePageTitle(lesson ? localize(lesson.title, language) : null);

  if (!id) return <EmptyStateWrapper />;
  if (isPending) return <PageLoader label={t('common.loading')} />;
  if (isError) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <div className="container-page py-20">
        {missing ? <EmptyState title={t('training.notFound')} /> : <ErrorState onRetry={() => void refetch()} />}
      </div>
    );
  }

  const title = localize(lesson.title, language);
  const buy = () => {
    if (session.status !== 'authenticated') {
      void navigate(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    setBuying(true);
  };

  return (
    <article className="container-page py-10 sm:py-14">
      <Link to="/training" className="link mb-6 inline-flex items-center gap-1 text-sm">
        <ChevronLeftIcon width={16} height={16} />
        {t('training.backToList')}
      </Link>
      <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
        <div>
          <div className="relative aspect-video overflow-hidden rounded-3xl bg-ink shadow-soft">
            {lesson.purchased && lesson.hasVideo ? (
              // biome-ignore lint/a11y/useMediaCaption: lesson videos are uploaded by the artisan without caption tracks
              <video
                controls
                controlsList="nodownload"
                preload="metadata"
                poster={lesson.poster?.large}
                src={lessonVideoUrl(lesson.id)}
                className="size-full bg-ink"
                aria-label={title}
              />
            ) : (
              <>
                {lesson.poster ? (
                  <ResponsiveImage
                    image={lesson.poster}
                    alt={t('training.posterOf', { title })}
                    sizes="(min-width: 1024px) 44rem, 92vw"
                    priority
                    className="size-full object-cover opacity-80"
                  />
                ) : null}
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-t from-ink/70 to-ink/10 p-6 text-center text-white">
                  <span className="inline-flex size-14 items-center justify-center rounded-full bg-ivory/90 text-rose-700">
                    <LockIcon width={24} height={24} />
                  </span>
                  <p className="max-w-sm font-semibold">
                    {lesson.purchased ? t('training.videoMissing') : t('training.videoLocked')}
                  </p>
                </div>
              </>
            )}
          </div>
          <div className="mt-10">
            <h2 className="mb-4 text-3xl">{t('training.description')}</h2>
            <ExpandableText text={localize(lesson.description, language)} />
          </div>
        </div>
        <aside aria-labelledby="lesson-title" className="lg:sticky lg:top-32 lg:self-start">
          <div className="card p-6 sm:p-8">
            <p className="eyebrow">
              {t('training.lessonNumber', { number: lesson.number })} · {t(`training.levels.${lesson.level}`)}
            </p>
            <h1 id="lesson-title" className="mt-3 text-4xl">
              {title}
            </h1>
            {lesson.durationMinutes ? (
              <p className="mt-2 text-sm text-muted">{t('training.minutes', { count: lesson.durationMinutes })}</p>
            ) : null}
            {lesson.purchased ? (
              <p className="mt-6 rounded-2xl bg-sage-100 px-4 py-3 font-semibold text-sage-700">
                {t('training.owned')}
              </p>
            ) : (
              <>
                <p className="mt-6 font-serif text-4xl font-semibold text-rose-700">{format(lesson.price)}</p>
                <button type="button" className="btn btn-primary mt-5 w-full" onClick={buy}>
                  {t('training.buy')}
                </button>
                {session.status !== 'authenticated' ? (
                  <p className="mt-3 text-center text-sm text-muted">{t('training.loginToBuy')}</p>
                ) : null}
              </>
            )}
            <div className="mt-8 border-t border-line pt-6">
              <h2 className="font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
                {t('training.methodology')}
              </h2>
              {lesson.methodologyLanguages.length === 0 ? (
                <p className="mt-3 text-sm text-muted">{t('training.methodologyUnavailable')}</p>
              ) : (
                <ul className="mt-3 flex flex-wrap gap-2">
                  {LANGUAGES.filter((code) => lesson.methodologyLanguages.includes(code)).map((code) => (
                    <li key={code}>
                      {lesson.purchased ? (
                        <a href={methodologyUrl(lesson.id, code)} className="chip" download>
                          {t('training.downloadIn', { language: t(`header.languageNames.${code}`) })}
                        </a>
                      ) : (
                        <span className="chip cursor-default opacity-80">{t(`header.languageNames.${code}`)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {!lesson.purchased && lesson.methodologyLanguages.length > 0 ? (
                <p className="mt-3 text-xs text-muted">{t('training.methodologyAfterPurchase')}</p>
              ) : null}
            </div>
          </div>
        </aside>
      </div>
      <PurchaseModal lesson={buying ? lesson : null} onClose={() => setBuying(false)} />
    </article>
  );
}

function EmptyStateWrapper() {
  const { t } = useTranslation();
  return (
    <div className="container-page py-20">
      <EmptyState title={t('training.notFound')}>
        <Link to="/training" className="link">
          {t('training.backToList')}
        </Link>
      </EmptyState>
    </div>
  );
}
