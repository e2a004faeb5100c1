import { type AdminLesson, localize, missingLanguages, TRANSLATED_FIELDS } from '@atelier/shared';
import { useState } from 'react';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AdminCollectionPage } from '../../../shared/ui/admin-collection';
import type { DataColumn } from '../../../shared/ui/data-table';
import { MissingLanguagesBadge } from '../../../shared/ui/missing-languages-badge';
import { Modal } from '../../../shared/ui/modal';
import { PageLoader } from '../../../shared/ui/spinner';
import { type LessonCompletion, useLessonCompletion } from '../../progress/api/admin-completion';
import { useAdminLessons, useDeleteLesson } from '../api/admin-lessons';
import { LessonEditor } from './lesson-editor';
import { LessonMediaEditor } from './lesson-media-editor';

/**
 * /admin/lessons: every lesson (published or not) with its files and how far its purchasers got
 * (started / completed); create/edit in a dialog; delete; the player's chapters and subtitles of a
 * lesson in a dialog of their own.
 */
export function LessonsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = usePriceFormatter();
  const query = useAdminLessons();
  const remove = useDeleteLesson();
  const completion = useLessonCompletion().data;
  const lessons = query.data;
  const [mediaOf, setMediaOf] = useState<AdminLesson | null>(null);
  const nextNumber = (lessons ?? []).reduce((max, lesson) => Math.max(max, lesson.number), 0) + 1;

  const columns: DataColumn<AdminLesson>[] = [
    { key: 'number', header: t('training.admin.columns.number'), className: 'sm:w-16', cell: (row) => row.number },
    {
      key: 'title',
      header: t('training.admin.columns.title'),
      cell: (row) => (
        <span>
          {localize(row.title, language)}
          {row.published ? null : (
            <span className="ml-2 rounded-full bg-blush-100 px-2 py-0.5 text-xs text-rose-800">
              {t('training.admin.draft')}
            </span>
          )}
          <MissingLanguagesBadge
            languages={missingLanguages(row, TRANSLATED_FIELDS.lesson)}
            className="mt-1 flex flex-wrap gap-1"
          />
          <CompletionLine entry={completion?.get(row.id)} loaded={completion !== undefined} />
        </span>
      ),
    },
    { key: 'level', header: t('training.level'), cell: (row) => t(`training.levels.${row.level}`) },
    { key: 'price', header: t('training.admin.columns.price'), cell: (row) => price(row.price) },
    {
      key: 'video',
      header: t('training.admin.columns.video'),
      cell: (row) => (row.video ? row.video.filename : '—'),
    },
    {
      key: 'methodology',
      header: t('training.admin.columns.methodology'),
      cell: (row) => row.methodologyLanguages.join(', ').toUpperCase() || '—',
    },
    {
      key: 'player',
      header: t('player.admin.column'),
      cell: (row) => (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setMediaOf(row)}>
          {t('player.admin.open')}
          <span className="sr-only"> — {localize(row.title, language)}</span>
        </button>
      ),
    },
  ];

  return (
    <>
      <AdminCollectionPage
        headingId="lessons-admin-title"
        title={t('training.admin.title')}
        table={{ caption: t('training.admin.caption'), columns, rows: lessons }}
        query={query}
        texts={{
          add: t('training.admin.add'),
          newTitle: t('training.admin.newTitle'),
          editTitle: t('training.admin.editTitle'),
          edit: t('training.admin.edit'),
          delete: t('training.admin.delete'),
          actions: t('training.admin.columns.actions'),
        }}
        nameOf={(row) => localize(row.title, language)}
        remove={{
          confirm: (_row, title) => ({
            title: t('training.admin.deleteTitle', { title }),
            description: t('training.admin.deleteText'),
          }),
          run: (row) => remove.mutateAsync(row.id),
          done: () => t('training.admin.deleted'),
          failed: t('training.admin.failed'),
        }}
        editorSize="xl"
        editor={(lesson, done) =>
          // A new lesson's number follows the list's highest: its form waits for the list.
          lesson === null && lessons === undefined ? (
            <PageLoader label={t('common.loading')} />
          ) : (
            <LessonEditor lesson={lesson} nextNumber={nextNumber} onDone={done} />
          )
        }
      />
      <Modal
        open={mediaOf !== null}
        onOpenChange={(open) => !open && setMediaOf(null)}
        title={mediaOf ? t('player.admin.dialogTitle', { title: localize(mediaOf.title, language) }) : ''}
        size="xl"
      >
        {mediaOf ? <LessonMediaEditor key={mediaOf.id} lesson={mediaOf} /> : null}
      </Modal>
    </>
  );
}

/** Under a lesson's title: how many of its purchasers completed and started it. */
function CompletionLine({ entry, loaded }: { entry: LessonCompletion | undefined; loaded: boolean }) {
  const { t } = useTranslation();
  if (!loaded) return null;
  return (
    <span className="mt-1 block text-xs text-muted" data-testid="lesson-completion">
      <span className="font-semibold">{t('progress.admin.column')}:</span>{' '}
      {entry
        ? t('progress.admin.value', {
            completed: entry.completed,
            purchasers: entry.purchasers,
            started: entry.started,
          })
        : t('progress.admin.none')}
    </span>
  );
}
