import { type AdminLesson, localize } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { Modal } from '../../../shared/ui/modal';
import { RowActions } from '../../../shared/ui/row-actions';
import { toast } from '../../../shared/ui/toast';
import { useAdminLessons, useDeleteLesson } from '../api/admin-lessons';
import { LessonEditor } from './lesson-editor';

/** /admin/lessons: every lesson (published or not) with its files; create/edit in a dialog; delete. */
export function LessonsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = usePriceFormatter();
  const query = useAdminLessons();
  const remove = useDeleteLesson();
  const { ask, dialog } = useConfirm();
  const [editing, setEditing] = useState<AdminLesson | 'new' | null>(null);
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
    {
      key: 'actions',
      header: t('training.admin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (row) => {
        const title = localize(row.title, language);
        return (
          <RowActions
            name={title}
            editLabel={t('training.admin.edit')}
            deleteLabel={t('training.admin.delete')}
            onEdit={() => setEditing(row)}
            onDelete={() =>
              ask({
                title: t('training.admin.deleteTitle', { title }),
                description: t('training.admin.deleteText'),
                action: () =>
                  remove.mutateAsync(row.id, {
                    onSuccess: () => toast.success(t('training.admin.deleted')),
                    onError: (error) => toast.error(errorMessage(error, t('training.admin.failed'))),
                  }),
              })
            }
          />
        );
      },
    },
  ];

  return (
    <section aria-labelledby="lessons-admin-title">
      <h1 id="lessons-admin-title" className="mb-6 text-4xl">
        {t('training.admin.title')}
      </h1>
      <DataTable
        caption={t('training.admin.caption')}
        columns={columns}
        rows={lessons}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('training.admin.add')}
          </button>
        }
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('training.admin.newTitle') : t('training.admin.editTitle')}
        size="xl"
      >
        {editing !== null ? (
          <LessonEditor
            key={editing === 'new' ? 'new' : editing.id}
            lesson={editing === 'new' ? null : editing}
            nextNumber={nextNumber}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      {dialog}
    </section>
  );
}
