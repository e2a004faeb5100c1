import { COMPLETION_SHARE, localize } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { formatPercent } from '../../../shared/format/progress';
import { fallbackText } from '../../../shared/i18n/fallback-text';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { consumeResumed, useResumedIntent, useSignInFor } from '../../../shared/intent/use-sign-in-for';
import { AddToCartButton } from '../../../shared/ui/add-to-cart-button';
import { ContinueCard } from '../../../shared/ui/continue-card';
import { CheckIcon, ChevronLeftIcon, LockIcon, PlayIcon } from '../../../shared/ui/icons';
import { LearningPoints } from '../../../shared/ui/learning-points';
import { LessonProgressLine } from '../../../shared/ui/lesson-progress';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { RichText } from '../../../shared/ui/rich-text';
import { PageLoader } from '../../../shared/ui/spinner';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSession } from '../../auth/api/auth-session';
import { cartActions, useInCart } from '../../cart/api/use-cart';
import { certificatePath, useCertificateDownload } from '../../certificates/api/certificates';
import { PurchaseModal } from '../../checkout/api/components';
import { usePurchaseFlow } from '../../checkout/api/purchase';
import { useLearningProgress } from '../../progress/api/get-progress';
import { useCourse } from '../api/courses';
import { lessonToContinue } from '../components/course-continue';
import { useDuration } from '../components/duration';

/** `/training-course/:id`: a course or master class — its lessons in order, duration, level, price, what buying unlocks. */
export function CoursePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = usePriceFormatter();
  const duration = useDuration();
  const session = useSession();
  const id = useParams().id ?? null;
  const { data: course, isPending, isError, error, refetch } = useCourse(id);
  const [buying, setBuying] = useState(false);
  const signInFor = useSignInFor();
  // Back from signing in to buy this course: the purchase opens by itself (once).
  const resumed = useResumedIntent();
  useEffect(() => {
    if (resumed?.kind !== 'buy' || resumed.type !== 'course' || resumed.id !== id) return;
    if (!course || session.status !== 'authenticated') return;
    consumeResumed();
    if (!course.purchased) setBuying(true);
  }, [resumed, id, course, session.status]);
  const flow = usePurchaseFlow({ type: 'course', id: id ?? '' });
  const inCart = useInCart('course', id ?? '');
  const learning = useLearningProgress().data;
  const certificate = useCertificateDownload();
  usePageTitle(course ? localize(course.title, language) : null);

  if (!id) return null;
  if (isPending) return <PageLoader label={t('common.loading')} />;
  if (isError) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <div className="container-page py-20">
        {missing ? (
          <EmptyState title={t('training.courses.notFound')}>
            <Link to="/training" className="link">
              {t('training.backToList')}
            </Link>
          </EmptyState>
        ) : (
          <ErrorState onRetry={() => void refetch()} />
        )}
      </div>
    );
  }

  const localized = (text: Parameters<typeof fallbackText>[0]) => fallbackText(text, language);
  const shownTitle = localized(course.title);
  const title = shownTitle.text;
  const description = localized(course.description);
  const credited = course.credit > 0 && !course.purchased;
  const dateTime = course.eventAt
    ? new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(course.eventAt))
    : null;
  /** Guests sign in first and come back here, where the purchase opens or the course is in the cart. */
  const buy = () => {
    if (session.status === 'authenticated') setBuying(true);
    else signInFor({ kind: 'buy', type: 'course', id: course.id, name: course.title });
  };
  const owned = course.purchased;
  const progress = learning?.courses.find((entry) => entry.courseId === course.id);
  const lessonProgress = (lessonId: string) => learning?.lessons.find((entry) => entry.lessonId === lessonId);
  const nextLesson = lessonToContinue(course, progress);
  const nextProgress = nextLesson ? lessonProgress(nextLesson.id) : undefined;
  const addToCart = () => {
    // The price to pay after the viewer's credit, as the cart shows it (the server prices it again).
    const item = {
      id: course.id,
      type: 'course' as const,
      name: course.title,
      price: course.priceForYou,
      ...(course.cover ? { image: course.cover.thumb } : {}),
    };
    if (session.status === 'authenticated') cartActions.add(item);
    else signInFor({ kind: 'cart', item, quantity: 1 });
  };

  return (
    <article className="container-page py-10 sm:py-14">
      <Link to="/training?show=courses" className="link mb-6 inline-flex items-center gap-1 text-sm">
        <ChevronLeftIcon width={16} height={16} />
        {t('training.backToList')}
      </Link>
      {nextLesson ? (
        <div className="mb-8">
          <ContinueCard
            title={t('progress.courseContinueTitle')}
            item={{
              lessonId: nextLesson.id,
              number: nextLesson.number,
              title: nextLesson.title,
              poster: nextLesson.poster,
              courseId: course.id,
              positionSeconds: nextProgress?.positionSeconds ?? 0,
              durationSeconds: nextProgress?.durationSeconds ?? null,
              watchedPercent: nextProgress?.watchedPercent ?? 0,
            }}
          />
        </div>
      ) : null}
      {/* On a phone the title, price and the call to action come first; beside the cover from lg up. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] lg:gap-10">
        <aside
          aria-labelledby="course-title"
          className="lg:sticky lg:top-32 lg:col-start-2 lg:row-start-1 lg:self-start"
        >
          <div className="card p-6 sm:p-8">
            <p className="eyebrow">
              {course.isMasterClass ? t('training.courses.masterClass') : t('training.courses.course')}
            </p>
            <h1 id="course-title" className="mt-3 text-4xl" lang={shownTitle.lang}>
              {title}
            </h1>
            <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">{t('training.courses.level')}</dt>
              <dd className="font-semibold">{t(`training.levels.${course.level}`)}</dd>
              {course.durationMinutes ? (
                <>
                  <dt className="text-muted">{t('training.courses.totalDuration')}</dt>
                  <dd className="font-semibold">{duration(course.durationMinutes)}</dd>
                </>
              ) : null}
              {course.lessons.length > 0 ? (
                <>
                  <dt className="text-muted">{t('training.courses.kinds.lessons')}</dt>
                  <dd className="font-semibold">
                    {t('training.courses.lessonsCount', { count: course.lessons.length })}
                  </dd>
                </>
              ) : null}
              {dateTime ? (
                <>
                  <dt className="text-muted">{t('training.courses.date')}</dt>
                  <dd className="font-semibold">{dateTime}</dd>
                </>
              ) : null}
              {course.eventPlace ? (
                <>
                  <dt className="text-muted">{t('training.courses.place')}</dt>
                  <dd className="font-semibold">{course.eventPlace}</dd>
                </>
              ) : null}
              {course.seatsLeft !== null ? (
                <>
                  <dt className="text-muted">{t('training.courses.seats')}</dt>
                  <dd className={course.soldOut ? 'font-semibold text-red-800' : 'font-semibold'}>
                    {course.soldOut
                      ? t('training.courses.soldOut')
                      : t('training.courses.seatsLeft', { count: course.seatsLeft })}
                  </dd>
                </>
              ) : null}
            </dl>
            {progress ? (
              <section aria-labelledby="course-progress-title" className="mt-6" data-testid="course-progress">
                <h2
                  id="course-progress-title"
                  className="font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800"
                >
                  {t('progress.courseTitle')}
                </h2>
                <p className="mt-2 text-sm font-semibold">
                  {t('progress.courseProgress', { completed: progress.completedLessons, total: progress.totalLessons })}
                </p>
                <ProgressBar
                  percent={progress.percent}
                  label={t('progress.courseBarLabel', { title })}
                  valueText={formatPercent(progress.percent, language)}
                  className="mt-2"
                />
                {progress.completed ? (
                  <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-sage-700">
                    <CheckIcon width={16} height={16} aria-hidden="true" />
                    {t('progress.courseCompleted')}
                  </p>
                ) : (
                  <p className="mt-2 text-xs text-muted">
                    {t('progress.completionHint', { percent: formatPercent(COMPLETION_SHARE * 100, language) })}
                  </p>
                )}
                {progress.certificate ? (
                  <div className="mt-4 flex flex-col gap-2" data-testid="course-certificate">
                    <p className="text-sm">{t('certificates.earned')}</p>
                    <button
                      type="button"
                      className="btn btn-primary w-full"
                      onClick={() => progress.certificate && certificate.download(progress.certificate.code)}
                      disabled={certificate.pending === progress.certificate.code}
                      aria-busy={certificate.pending === progress.certificate.code}
                    >
                      {certificate.pending === progress.certificate.code
                        ? t('certificates.downloading')
                        : t('certificates.download')}
                    </button>
                    <Link to={certificatePath(progress.certificate.code)} className="link self-start text-sm">
                      {t('certificates.verify')}
                    </Link>
                  </div>
                ) : null}
              </section>
            ) : null}
            {owned ? (
              <p className="mt-6 rounded-2xl bg-sage-100 px-4 py-3 font-semibold text-sage-700">
                {t('training.courses.owned')}
              </p>
            ) : (
              <>
                <p className="mt-6 font-serif text-4xl font-semibold text-rose-700" data-testid="course-price">
                  {credited ? (
                    <>
                      <s className="mr-2 text-2xl font-normal text-muted">
                        <span className="sr-only">{t('training.oldPrice')} </span>
                        {format(course.price)}
                      </s>
                      {format(course.priceForYou)}
                    </>
                  ) : (
                    format(course.price)
                  )}
                </p>
                {credited ? (
                  <p className="mt-1 text-sm text-sage-700">
                    {t('training.courses.creditNote', { amount: format({ rub: course.credit, eur: null, usd: null }) })}
                  </p>
                ) : null}
                <button type="button" className="btn btn-primary mt-5 w-full" onClick={buy} disabled={course.soldOut}>
                  {course.soldOut
                    ? t('training.courses.soldOut')
                    : course.isMasterClass && course.eventAt
                      ? t('training.courses.buyMasterClass')
                      : t('training.courses.buy')}
                </button>
                {course.soldOut ? null : <AddToCartButton inCart={inCart} onAdd={addToCart} />}
                {session.status !== 'authenticated' ? (
                  <p className="mt-3 text-center text-sm text-muted">{t('training.loginToBuy')}</p>
                ) : null}
              </>
            )}
            <div className="mt-8 border-t border-line pt-6">
              <h2 className="font-sans text-xs font-bold uppercase tracking-[0.2em] text-rose-800">
                {t('training.courses.unlocksTitle')}
              </h2>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {course.lessons.length > 0 ? (
                  <li className="flex gap-2">
                    <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-sage-700" aria-hidden="true" />
                    {t('training.courses.unlocksLessons', { count: course.lessons.length })}
                  </li>
                ) : null}
                {course.eventAt ? (
                  <li className="flex gap-2">
                    <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-sage-700" aria-hidden="true" />
                    {t('training.courses.unlocksLive')}
                  </li>
                ) : null}
                <li className="flex gap-2">
                  <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-sage-700" aria-hidden="true" />
                  {t('training.courses.unlocksCredit')}
                </li>
              </ul>
            </div>
          </div>
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <div className="relative aspect-video overflow-hidden rounded-3xl bg-blush-100 shadow-soft">
            {course.cover ? (
              <ResponsiveImage
                image={course.cover}
                alt={t('training.courses.coverOf', { title })}
                sizes="(min-width: 1024px) 44rem, 92vw"
                priority
                className="size-full object-cover"
              />
            ) : null}
          </div>
          <div className="mt-8">
            <LearningPoints outcomes={course.outcomes} materials={course.materials} />
          </div>
          <div className="mt-10" lang={description.lang}>
            <RichText text={description.text} />
          </div>
          <section aria-labelledby="course-lessons" className="mt-10">
            <h2 id="course-lessons" className="mb-4 text-3xl">
              {t('training.courses.lessonsListTitle')}
            </h2>
            {course.lessons.length === 0 ? (
              <p className="text-muted">{t('training.courses.noLessons')}</p>
            ) : (
              <ol className="flex flex-col gap-3" data-testid="course-lessons">
                {course.lessons.map((lesson, index) => (
                  <li key={lesson.id} className="card flex items-center gap-4 p-4">
                    <span
                      aria-hidden="true"
                      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-blush-100 font-semibold text-rose-800"
                    >
                      {index + 1}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="text-xs font-semibold uppercase tracking-[0.18em] text-muted">
                        {t('training.courses.lessonInCourse', { position: index + 1 })} ·{' '}
                        {t(`training.levels.${lesson.level}`)}
                        {lesson.durationMinutes ? ` · ${duration(lesson.durationMinutes)}` : ''}
                      </p>
                      <Link
                        to={`/training-detail/${lesson.id}`}
                        className="font-serif text-xl wrap-anywhere hover:text-rose-700"
                        lang={localized(lesson.title).lang}
                      >
                        {localized(lesson.title).text}
                      </Link>
                      {lesson.hasVideo ? (
                        <div className="mt-2 flex flex-col">
                          <LessonProgressLine
                            progress={lessonProgress(lesson.id)}
                            title={localize(lesson.title, language)}
                          />
                        </div>
                      ) : null}
                    </div>
                    <span className="shrink-0 text-rose-700" aria-hidden="true">
                      {owned || lessonProgress(lesson.id) ? (
                        <PlayIcon width={20} height={20} />
                      ) : (
                        <LockIcon width={20} height={20} />
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
      <PurchaseModal kind="course" item={buying ? course : null} flow={flow} onClose={() => setBuying(false)} />
    </article>
  );
}
