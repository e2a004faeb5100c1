import { type AdminLesson, localize } from '@atelier/shared';
import { useTranslation } from 'react-i18next';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { AdminCollectionPage } from '../../../shared/ui/admin-collection';
import type { DataColumn } from '../../../shared/ui/data-table';
import { useAdminLessons, useDeleteLesson } from '../api/admin-lessons';
import { LessonEditor } from './lesson-editor';

/** /admin/lessons: every lesson (published or not) with its files; create/edit in a dialog; delete. */
export function LessonsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = usePriceFormatter();
  const query = useAdminLessons();
  const remove = useDeleteLesson();
  const lessons = query.data;
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
  ];

  return (
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
      editor={(lesson, done) => <LessonEditor lesson={lesson} nextNumber={nextNumber} onDone={done} />}
    />
  );
}
