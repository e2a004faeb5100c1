import { type AdminCourse, localize } from '@atelier/shared';
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
import { useAdminLessons } from '../../lessons/api/admin-lessons';
import { useAdminCourses, useDeleteCourse } from '../api/admin-courses';
import { CourseEditor } from './course-editor';

/** /admin/courses: courses and master classes; create/edit (with drag-and-drop lesson order) in a dialog; delete. */
export function CoursesAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const price = usePriceFormatter();
  const query = useAdminCourses();
  const lessons = useAdminLessons();
  const remove = useDeleteCourse();
  const { ask, dialog } = useConfirm();
  const [editing, setEditing] = useState<AdminCourse | 'new' | null>(null);

  const columns: DataColumn<AdminCourse>[] = [
    {
      key: 'title',
      header: t('training.coursesAdmin.columns.title'),
      cell: (row) => (
        <span>
          {localize(row.title, language)}
          {row.published ? null : (
            <span className="ml-2 rounded-full bg-blush-100 px-2 py-0.5 text-xs text-rose-800">
              {t('training.coursesAdmin.draft')}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('training.coursesAdmin.columns.kind'),
      cell: (row) => (row.isMasterClass ? t('training.courses.masterClass') : t('training.courses.course')),
    },
    { key: 'level', header: t('training.level'), cell: (row) => t(`training.levels.${row.level}`) },
    { key: 'lessons', header: t('training.coursesAdmin.columns.lessons'), cell: (row) => row.lessons.length },
    { key: 'price', header: t('training.coursesAdmin.columns.price'), cell: (row) => price(row.price) },
    {
      key: 'seats',
      header: t('training.coursesAdmin.columns.seats'),
      cell: (row) =>
        row.seatLimit === null ? t('training.coursesAdmin.noSeatLimit') : `${row.seatsTaken} / ${row.seatLimit}`,
    },
    {
      key: 'actions',
      header: t('training.coursesAdmin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (row) => {
        const name = localize(row.title, language);
        return (
          <RowActions
            name={name}
            editLabel={t('training.coursesAdmin.edit')}
            deleteLabel={t('training.coursesAdmin.delete')}
            onEdit={() => setEditing(row)}
            onDelete={() =>
              ask({
                title: t('training.coursesAdmin.deleteTitle', { name }),
                description: t('training.coursesAdmin.deleteText'),
                action: () =>
                  remove.mutateAsync(row.id, {
                    onSuccess: () => toast.success(t('training.coursesAdmin.deleted')),
                    onError: (error) => toast.error(errorMessage(error, t('training.coursesAdmin.failed'))),
                  }),
              })
            }
          />
        );
      },
    },
  ];

  return (
    <section aria-labelledby="courses-admin-title">
      <h1 id="courses-admin-title" className="mb-6 text-4xl">
        {t('training.coursesAdmin.title')}
      </h1>
      <DataTable
        caption={t('training.coursesAdmin.tableCaption')}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('training.coursesAdmin.new')}
          </button>
        }
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('training.coursesAdmin.newTitle') : t('training.coursesAdmin.editTitle')}
        size="xl"
      >
        {editing !== null ? (
          <CourseEditor
            key={editing === 'new' ? 'new' : editing.id}
            course={editing === 'new' ? null : editing}
            lessons={lessons.data ?? []}
            courses={query.data ?? []}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      {dialog}
    </section>
  );
}
