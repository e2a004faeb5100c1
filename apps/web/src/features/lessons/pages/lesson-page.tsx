import { LANGUAGES, type Language, type Lesson, localize } from '@atelier/shared';
import { lazy, type ReactNode, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { isFree } from '../../../shared/currency/display-price';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { fallbackText } from '../../../shared/i18n/fallback-text';
import { loadLaterTexts } from '../../../shared/i18n/i18n';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { consumeResumed, useResumedIntent, useSignInFor } from '../../../shared/intent/use-sign-in-for';
import { AddToCartButton } from '../../../shared/ui/add-to-cart-button';
import { HeartButton } from '../../../shared/ui/heart-button';
import { ChevronLeftIcon, LockIcon, PlayIcon } from '../../../shared/ui/icons';
import { LearningPoints } from '../../../shared/ui/learning-points';
import { Markdown } from '../../../shared/ui/markdown';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { PageLoader } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { cartActions, useInCart } from '../../cart/api/use-cart';
import { PurchaseModal } from '../../checkout/api/components';
import { usePurchase, usePurchaseFlow } from '../../checkout/api/purchase';
import { useFavouriteToggle } from '../../favourites/api/favourites';
import { useLesson } from '../api/get-lesson';
import { useLessonAccess } from '../api/get-lesson-access';
import { warmHls } from '../components/hls-warm';
import { loadHls } from '../components/load-hls';

/**
 * The player is its own chunk, loaded only for those who may watch (a guest's page never fetches
 * it). Its words are among the later texts (no server-rendered page shows a player): it waits for them.
 */
const LessonPlayer = lazy(() =>
  Promise.all([import('../components/lesson-player'), loadLaterTexts()]).then(([module]) => ({
    default: module.LessonPlayer,
  })),
);

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
        <Markdown text={text} />
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

/** `/training-detail/:id` and `/training-detail?id=`: the video only after purchase. */
/** What the page hands the students' works section it is given (the app composes the two). */
export interface LessonWorksSlot {
  lessonId: string;
  /** The signed-in viewer, whose own works waiting for moderation are shown to them. */
  userId: string | null;
  /** Those who may watch the lesson may share their work. */
  canPost: boolean;
}

export function LessonPage({ works }: { works?: (slot: LessonWorksSlot) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const session = useSession();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = params.id ?? searchParams.get('id');
  const { data: lesson, isPending, isError, error, refetch } = useLesson(id);
  const [buying, setBuying] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const signInFor = useSignInFor();
  const start = usePurchase();
  /**
   * A free lesson starts in one click: no dialog (nothing to pay, no code, no terms of a sale) —
   * the free order is placed and the page opens the player. A guest signs in first and comes back.
   */
  const startLesson = () => {
    if (!lesson || start.isPending) return;
    if (session.status !== 'authenticated') {
      signInFor({ kind: 'buy', type: 'lesson', id: lesson.id, name: lesson.title, free: true });
      return;
    }
    start.mutate(
      { target: { type: 'lesson', id: lesson.id }, currency: 'RUB', consents: [] },
      { onError: (failure) => toast.error(errorMessage(failure, t('training.startFailed'))) },
    );
  };
  const startRef = useRef(startLesson);
  startRef.current = startLesson;
  // Back from signing in to buy this lesson: the purchase opens by itself (once); a free one starts.
  const resumed = useResumedIntent();
  useEffect(() => {
    if (resumed?.kind !== 'buy' || resumed.type !== 'lesson' || resumed.id !== id) return;
    if (!lesson || session.status !== 'authenticated') return;
    consumeResumed();
    if (lesson.purchased) return;
    if (isFree(lesson.price)) startRef.current();
    else setBuying(true);
  }, [resumed, id, lesson, session.status]);
  const flow = usePurchaseFlow({ type: 'lesson', id: id ?? '' });
  const inCart = useInCart('lesson', id ?? '');
  const favourite = useFavouriteToggle('lesson', id ?? '', lesson?.title ?? { ru: '' });
  usePageTitle(lesson ? localize(lesson.title, language) : null);
  // Admins may watch every lesson; buyers once purchased.
  const canWatch = Boolean(lesson && session.status === 'authenticated' && (lesson.purchased || session.user.isAdmin));
  const access = useLessonAccess(
    id ?? '',
    canWatch && Boolean(lesson?.hasVideo || lesson?.methodologyLanguages.length),
  );
  // A lesson with renditions needs hls.js: fetched alongside the player's chunk, not after it, and
  // the video's first playlists and segment alongside both.
  const hlsUrl = canWatch ? access.data?.hls : null;
  useEffect(() => {
    if (!hlsUrl || !('MediaSource' in window)) return;
    loadHls().catch(() => undefined);
    warmHls(hlsUrl);
  }, [hlsUrl]);

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

  const localized = (text: Parameters<typeof fallbackText>[0]) => fallbackText(text, language);
  const shownTitle = localized(lesson.title);
  const title = shownTitle.text;
  const description = localized(lesson.description);
  const free = isFree(lesson.price);
  /** Guests sign in first and come back here, where the purchase opens or the lesson is in the cart. */
  const buy = () => {
    if (free) startLesson();
    else if (session.status === 'authenticated') setBuying(true);
    else signInFor({ kind: 'buy', type: 'lesson', id: lesson.id, name: lesson.title });
  };
  const addToCart = () => {
    const item = {
      id: lesson.id,
      type: 'lesson' as const,
      name: lesson.title,
      price: lesson.price,
      ...(lesson.poster ? { image: lesson.poster.thumb } : {}),
    };
    if (session.status === 'authenticated') cartActions.add(item);
    else signInFor({ kind: 'cart', item, quantity: 1 });
  };
  const cta = free ? t('training.startLesson') : t('training.buy');
  const callToAction = (className: string) => (
    <button
      type="button"
      className={className}
      onClick={buy}
      disabled={start.isPending}
      aria-busy={start.isPending || undefined}
    >
      {start.isPending ? t('training.starting') : cta}
    </button>
  );

  return (
    <article className="container-page py-10 sm:py-14">
      <Link to="/training" className="link mb-6 inline-flex items-center gap-1 text-sm">
        <ChevronLeftIcon width={16} height={16} />
        {t('training.backToList')}
      </Link>
      {/* On a phone the title, price and the call to action come first; beside the video from lg up. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] lg:gap-10">
        <aside
          aria-labelledby="lesson-title"
          className="lg:sticky lg:top-32 lg:col-start-2 lg:row-start-1 lg:self-start"
        >
          <div className="card p-6 sm:p-8">
            <div className="flex items-start justify-between gap-3">
              <p className="eyebrow">
                {t('training.lessonNumber', { number: lesson.number })} · {t(`training.levels.${lesson.level}`)}
                {lesson.durationMinutes ? ` · ${t('training.minutes', { count: lesson.durationMinutes })}` : ''}
              </p>
              <HeartButton {...favourite} label={t('favourites.toggle', { name: title })} />
            </div>
            <h1 id="lesson-title" className="mt-3 text-3xl sm:text-4xl wrap-anywhere" lang={shownTitle.lang}>
              {title}
            </h1>
            {canWatch ? (
              <p className="mt-5 rounded-2xl bg-sage-100 px-4 py-3 font-semibold text-sage-700">
                {lesson.purchased ? t('training.owned') : t('training.adminAccess')}
              </p>
            ) : (
              <>
                <p className="mt-4 font-serif text-4xl font-semibold text-rose-700" data-testid="lesson-price">
                  {free ? t('common.free') : format(lesson.price)}
                </p>
                {callToAction('btn btn-primary mt-4 w-full')}
                {free ? null : <AddToCartButton inCart={inCart} onAdd={addToCart} />}
                {session.status !== 'authenticated' ? (
                  <p className="mt-3 text-center text-sm text-muted">
                    {free ? t('training.loginToStart') : t('training.loginToBuy')}
                  </p>
                ) : null}
              </>
            )}
            <div className="mt-8 border-t border-line pt-6">
              <h2 className="font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
                {t('training.methodology')}
              </h2>
              <Methodology lesson={lesson} links={canWatch ? access.data?.methodology : undefined} />
            </div>
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {canWatch && lesson.hasVideo && access.data?.video && session.user ? (
            <Suspense
              fallback={
                // The poster while the player's code arrives: the page's largest paint is the picture.
                <div className="aspect-video overflow-hidden rounded-3xl bg-ink shadow-soft">
                  {lesson.poster?.large ? (
                    <img src={lesson.poster.large} alt="" className="size-full object-contain" fetchPriority="high" />
                  ) : null}
                </div>
              }
            >
              <LessonPlayer
                key={lesson.id}
                lessonId={lesson.id}
                title={title}
                src={access.data.video}
                poster={lesson.poster?.large}
                startAt={access.data.positionSeconds}
                watermark={session.user.email}
                renew={async () => (await access.refetch()).data?.video ?? null}
                chapters={access.data.chapters}
                subtitles={access.data.subtitles}
                hls={access.data.hls}
                renewHls={async () => (await access.refetch()).data?.hls ?? null}
              />
            </Suspense>
          ) : previewing ? (
            <div>
              {/* The public trailer only (its own file); the lesson video needs a purchase. */}
              {/* biome-ignore lint/a11y/useMediaCaption: a short wordless excerpt of hands at work; the lesson's subtitles come with the lesson */}
              <video
                className="aspect-video w-full rounded-3xl bg-ink shadow-soft"
                src={`/api/training/lessons/${encodeURIComponent(lesson.id)}/preview`}
                poster={lesson.poster?.large}
                controls
                autoPlay
                playsInline
                preload="metadata"
                aria-label={t('training.previewOf', { title })}
                data-testid="lesson-preview"
              />
              <p className="mt-3 text-sm text-muted">
                {free ? t('training.previewNoteFree') : t('training.previewNote')}
              </p>
            </div>
          ) : (
            <div className="relative aspect-video overflow-hidden rounded-3xl bg-ink shadow-soft">
              {lesson.poster ? (
                <ResponsiveImage
                  image={lesson.poster}
                  alt={t('training.posterOf', { title })}
                  sizes="(min-width: 1024px) 44rem, 92vw"
                  priority
                  className="size-full object-cover opacity-80"
                />
              ) : null}
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-t from-ink/70 to-ink/10 p-4 text-center text-white sm:gap-4 sm:p-6">
                {!canWatch && lesson.hasPreview ? (
                  <>
                    <button type="button" className="btn btn-primary" onClick={() => setPreviewing(true)}>
                      <PlayIcon width={18} height={18} aria-hidden="true" />
                      {t('training.watchPreview')}
                    </button>
                    <p className="max-w-sm text-sm font-semibold">
                      {free ? t('training.previewNoteFree') : t('training.videoLocked')}
                    </p>
                  </>
                ) : (
                  <>
                    <span className="inline-flex size-12 items-center justify-center rounded-full bg-ivory/90 text-rose-700 sm:size-14">
                      <LockIcon width={24} height={24} />
                    </span>
                    <p className="max-w-sm font-semibold">
                      {!canWatch
                        ? free
                          ? t('training.videoLockedFree')
                          : t('training.videoLocked')
                        : !lesson.hasVideo
                          ? t('training.videoMissing')
                          : access.isError
                            ? t('training.videoUnavailable')
                            : t('common.loading')}
                    </p>
                  </>
                )}
              </div>
            </div>
          )}
          {canWatch && access.data && access.data.positionSeconds > 0 && lesson.hasVideo ? (
            <p className="mt-3 text-sm text-muted">
              {t('training.resumeHint', { time: formatTime(access.data.positionSeconds) })}
            </p>
          ) : null}
          <div className="mt-8">
            <LearningPoints outcomes={lesson.outcomes} materials={lesson.materials} />
          </div>
          <div className="mt-10">
            <h2 className="mb-4 text-3xl">{t('training.description')}</h2>
            <div lang={description.lang}>
              <ExpandableText text={description.text} />
            </div>
          </div>
          {works?.({
            lessonId: lesson.id,
            userId: session.status === 'authenticated' ? session.user.id : null,
            canPost: canWatch,
          })}
        </div>
      </div>
      <PurchaseModal kind="lesson" item={buying ? lesson : null} flow={flow} onClose={() => setBuying(false)} />
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

function formatTime(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Methodology sheets by language: the sheet in the interface language first; when that language is
 * missing a notice says so and the other languages are offered. Downloads only for owners.
 */
function Methodology({ lesson, links }: { lesson: Lesson; links: Partial<Record<Language, string>> | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const available = LANGUAGES.filter((code) => lesson.methodologyLanguages.includes(code));
  if (available.length === 0) return <p className="mt-3 text-sm text-muted">{t('training.methodologyUnavailable')}</p>;
  const ordered = [...available].sort((a, b) => Number(b === language) - Number(a === language));
  return (
    <>
      {!available.includes(language) ? (
        <p className="mt-3 text-sm text-muted">{t('training.methodologyLanguageMissing')}</p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-2">
        {ordered.map((code) => {
          const href = links?.[code];
          const name = t(`header.languageNames.${code}`);
          return (
            <li key={code}>
              {href ? (
                <a href={href} className="chip" download lang={code === language ? undefined : code}>
                  {t('training.downloadIn', { language: name })}
                </a>
              ) : (
                <span className="chip cursor-default opacity-80">{name}</span>
              )}
            </li>
          );
        })}
      </ul>
      {!links ? (
        <p className="mt-3 text-xs text-muted">
          {isFree(lesson.price) ? t('training.methodologyAfterStart') : t('training.methodologyAfterPurchase')}
        </p>
      ) : null}
    </>
  );
}
