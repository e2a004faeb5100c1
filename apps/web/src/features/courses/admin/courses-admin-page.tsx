import { type AdminCourse, localize, missingLanguages, TRANSLATED_FIELDS } from '@atelier/shared';
import { usePriceFormatter } from '../../../shared/currency/use-price';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AdminCollectionPage } from '../../../shared/ui/admin-collection';
import type { DataColumn } from '../../../shared/ui/data-table';
import { MissingLanguagesBadge } from '../../../shared/ui/missing-languages-badge';
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
          <MissingLanguagesBadge
            languages={missingLanguages(row, TRANSLATED_FIELDS.course)}
            className="mt-1 flex flex-wrap gap-1"
          />
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
  ];

  return (
    <AdminCollectionPage
      headingId="courses-admin-title"
      title={t('training.coursesAdmin.title')}
      table={{ caption: t('training.coursesAdmin.tableCaption'), columns, rows: query.data }}
      query={query}
      texts={{
        add: t('training.coursesAdmin.new'),
        newTitle: t('training.coursesAdmin.newTitle'),
        editTitle: t('training.coursesAdmin.editTitle'),
        edit: t('training.coursesAdmin.edit'),
        delete: t('training.coursesAdmin.delete'),
        actions: t('training.coursesAdmin.columns.actions'),
      }}
      nameOf={(row) => localize(row.title, language)}
      remove={{
        confirm: (_row, name) => ({
          title: t('training.coursesAdmin.deleteTitle', { name }),
          description: t('training.coursesAdmin.deleteText'),
        }),
        run: (row) => remove.mutateAsync(row.id),
        done: () => t('training.coursesAdmin.deleted'),
        failed: t('training.coursesAdmin.failed'),
      }}
      editorSize="xl"
      editor={(course, done) => (
        <CourseEditor course={course} lessons={lessons.data ?? []} courses={query.data ?? []} onDone={done} />
      )}
    />
  );
}
