import { type AdminStudentWork, localize, STUDENT_WORK_STATUSES, type StudentWorkStatus } from '@atelier/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { toast } from '../../../shared/ui/toast';
import { useAdminWorks, useModerateWork, type WorkAction } from '../api/student-works';

type StatusFilter = 'all' | StudentWorkStatus;
const FILTERS: StatusFilter[] = ['all', ...STUDENT_WORK_STATUSES];
const PAGE_SIZE = 10;

const STATUS_STYLE: Record<StudentWorkStatus, string> = {
  pending: 'bg-gold-300/60 text-ink',
  approved: 'bg-sage-100 text-sage-700',
  rejected: 'bg-blush-100 text-rose-800',
};

/** /admin/student-works: moderation of students' works, as for reviews (filter, search, pages, approve/reject/delete). */
export function StudentWorksAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminWorks({ status, search, page, limit: PAGE_SIZE });
  const moderate = useModerateWork();
  const { ask, dialog } = useConfirm();

  const run = (work: AdminStudentWork, action: WorkAction) =>
    moderate.mutateAsync(
      { id: work.id, action },
      {
        onSuccess: () => toast.success(t(`studentWorks.admin.done.${action}`)),
        onError: (error) => toast.error(errorMessage(error, t('studentWorks.admin.failed'))),
      },
    );

  const columns: DataColumn<AdminStudentWork>[] = [
    {
      key: 'author',
      header: t('studentWorks.admin.columns.author'),
      cell: (work) => (
        <div className="min-w-0">
          <p className="font-semibold text-ink">{work.authorName}</p>
          {work.userEmail ? <p className="break-all text-xs text-muted">{work.userEmail}</p> : null}
        </div>
      ),
    },
    {
      key: 'work',
      header: t('studentWorks.admin.columns.work'),
      className: 'sm:w-2/5',
      cell: (work) => (
        <div className="grid grid-cols-1 gap-2">
          {work.image ? (
            <a href={work.image.large} target="_blank" rel="noreferrer" className="w-fit">
              <img
                src={work.image.thumb}
                alt={t('studentWorks.workBy', { name: work.authorName })}
                width={96}
                height={96}
                className="size-24 rounded-xl object-cover"
              />
            </a>
          ) : (
            <p className="text-xs text-muted">{t('studentWorks.admin.photoRemoved')}</p>
          )}
          {work.caption ? <p className="whitespace-pre-line text-ink-soft wrap-anywhere">{work.caption}</p> : null}
          <Link to={`/training-detail/${work.lessonId}`} className="link w-fit text-sm">
            {localize(work.lessonTitle, language)}
          </Link>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('studentWorks.admin.columns.status'),
      cell: (work) => (
        <div className="grid grid-cols-1 gap-1">
          <span className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[work.status]}`}>
            {t(`studentWorks.admin.status.${work.status}`)}
          </span>
          <span className="text-xs text-muted">{formatDate(work.createdAt, language)}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('studentWorks.admin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (work) => (
        <div className="flex flex-wrap gap-2">
          {work.status !== 'approved' && work.image ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={moderate.isPending}
              onClick={() => void run(work, 'approve').catch(() => undefined)}
            >
              {t('studentWorks.admin.approve')}
              <span className="sr-only"> — {work.authorName}</span>
            </button>
          ) : null}
          {work.status !== 'rejected' ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() =>
                ask({
                  title: t('studentWorks.admin.rejectTitle', { name: work.authorName }),
                  description: t('studentWorks.admin.rejectText'),
                  action: () => run(work, 'reject'),
                })
              }
            >
              {t('studentWorks.admin.reject')}
              <span className="sr-only"> — {work.authorName}</span>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-sm text-red-800"
            onClick={() =>
              ask({
                title: t('studentWorks.admin.deleteTitle', { name: work.authorName }),
                description: t('studentWorks.admin.deleteText'),
                action: () => run(work, 'delete'),
              })
            }
          >
            {t('studentWorks.admin.delete')}
            <span className="sr-only"> — {work.authorName}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="works-admin-title" className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <div>
        <h1 id="works-admin-title" className="mb-6 text-4xl">
          {t('studentWorks.admin.title')}
        </h1>
        <DataTable
          caption={t('studentWorks.admin.caption')}
          columns={columns}
          rows={query.data?.items}
          rowKey={(work) => work.id}
          loading={query.isFetching}
          error={query.isError}
          onRetry={() => void query.refetch()}
          emptyTitle={search ? undefined : t(`studentWorks.admin.empty.${status}`)}
          search={{
            value: search,
            label: t('studentWorks.admin.search'),
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
          toolbar={
            <ChipGroup
              legend={t('studentWorks.admin.filter')}
              options={FILTERS}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              label={(value) => t(`studentWorks.admin.filters.${value}`)}
            />
          }
          pagination={{ page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage }}
        />
      </div>
      {dialog}
    </section>
  );
}
