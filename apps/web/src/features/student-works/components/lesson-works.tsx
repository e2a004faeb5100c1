import type { StudentWork } from '@atelier/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { useDeleteOwnWork, useLessonWorks, useMyLessonWorks } from '../api/student-works';

// The form loads only when someone shares a work.
const WorkForm = lazy(() => import('./work-form').then((module) => ({ default: module.WorkForm })));

const MARK_STYLE = {
  pending: 'bg-gold-300/60 text-ink',
  rejected: 'bg-blush-100 text-rose-800',
} as const;

/**
 * "Students' works" on a lesson page: the approved photos for everyone; those who may watch the
 * lesson share their own (it waits for moderation, shown to them only, marked) and may delete it.
 */
export function LessonWorks({
  lessonId,
  userId,
  canPost,
}: {
  lessonId: string;
  userId: string | null;
  canPost: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const works = useLessonWorks(lessonId);
  const mine = useMyLessonWorks(lessonId, userId);
  const remove = useDeleteOwnWork();
  const { ask, dialog } = useConfirm();
  const [writing, setWriting] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);

  const ownIds = new Set((mine.data ?? []).map((work) => work.id));
  const waiting = (mine.data ?? []).filter((work) => work.status !== 'approved');
  const shown: StudentWork[] = [...waiting, ...(works.data ?? [])];

  const close = () => {
    setWriting(false);
    // Back to the button that opened the form, for keyboard users.
    requestAnimationFrame(() => shareButton.current?.focus());
  };

  const askDelete = (work: StudentWork) =>
    ask({
      title: t('studentWorks.deleteTitle'),
      description: t('studentWorks.deleteText'),
      action: () =>
        remove.mutateAsync(work.id, {
          onSuccess: () => toast.success(t('studentWorks.deleted')),
          onError: (error) => toast.error(errorMessage(error, t('studentWorks.deleteFailed'))),
        }),
    });

  return (
    <section aria-labelledby="lesson-works-title" className="mt-14">
      <h2 id="lesson-works-title" className="mb-2 text-3xl">
        {t('studentWorks.title')}
      </h2>
      <p className="mb-6 text-ink-soft">{t('studentWorks.lead')}</p>
      {canPost ? (
        writing ? (
          <div className="mb-8">
            <Suspense
              fallback={
                <div className="flex justify-center py-10">
                  <Spinner />
                </div>
              }
            >
              <WorkForm lessonId={lessonId} onDone={close} />
            </Suspense>
          </div>
        ) : (
          <button ref={shareButton} type="button" className="btn btn-primary mb-8" onClick={() => setWriting(true)}>
            {t('studentWorks.share')}
          </button>
        )
      ) : null}
      {works.isError && shown.length === 0 ? (
        <p className="text-sm text-muted">{t('studentWorks.loadFailed')}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted">{works.isPending ? t('common.loading') : t('studentWorks.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5">
          {shown.map((work) => (
            <li key={work.id}>
              <figure className="flex h-full flex-col overflow-hidden rounded-3xl bg-ivory shadow-card">
                <div className="relative aspect-square bg-blush-100">
                  {work.image ? (
                    <ResponsiveImage
                      image={work.image}
                      alt={t('studentWorks.workBy', { name: work.authorName })}
                      sizes="(min-width: 1024px) 14rem, (min-width: 640px) 30vw, 45vw"
                      className="size-full object-cover"
                    />
                  ) : null}
                  {work.status !== 'approved' ? (
                    <span
                      className={`absolute top-2 left-2 rounded-full px-2.5 py-0.5 text-xs font-semibold ${MARK_STYLE[work.status]}`}
                    >
                      {t(`studentWorks.mark.${work.status}`)}
                    </span>
                  ) : null}
                </div>
                <figcaption className="flex flex-1 flex-col gap-1 p-3 text-sm">
                  {work.caption ? (
                    <span className="text-ink wrap-anywhere whitespace-pre-line">{work.caption}</span>
                  ) : null}
                  <span className="text-muted">
                    {work.authorName} · {formatDate(work.createdAt, language)}
                  </span>
                  {ownIds.has(work.id) ? (
                    <button
                      type="button"
                      className="link mt-auto w-fit pt-1 text-sm text-red-800"
                      onClick={() => askDelete(work)}
                    >
                      {t('studentWorks.delete')}
                      <span className="sr-only"> — {formatDate(work.createdAt, language)}</span>
                    </button>
                  ) : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
