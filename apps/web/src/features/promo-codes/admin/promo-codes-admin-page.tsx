import type { PromoCode } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { Modal } from '../../../shared/ui/modal';
import { RowActions } from '../../../shared/ui/row-actions';
import { toast } from '../../../shared/ui/toast';
import { useAdminPromoCodes, useDeletePromoCode } from '../api/admin-promo-codes';
import { PromoCodeEditor } from './promo-code-editor';

/** /admin/promo-codes: codes with percent, lessons, uses/limit and expiry; create, edit, delete. */
export function PromoCodesAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useAdminPromoCodes();
  const remove = useDeletePromoCode();
  const { ask, dialog } = useConfirm();
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);

  const columns: DataColumn<PromoCode>[] = [
    {
      key: 'code',
      header: t('training.promoAdmin.fields.code'),
      cell: (row) => <code className="font-semibold">{row.code}</code>,
    },
    { key: 'percent', header: t('training.promoAdmin.columns.percent'), cell: (row) => `${row.percentOff}%` },
    {
      key: 'lessons',
      header: t('training.promoAdmin.columns.lessons'),
      cell: (row) =>
        row.lessonIds.length === 0 && row.courseIds.length === 0
          ? t('training.promoAdmin.allLessons')
          : `${row.lessonIds.length} + ${row.courseIds.length}`,
    },
    {
      key: 'uses',
      header: t('training.promoAdmin.columns.uses'),
      cell: (row) => (row.maxUses === null ? String(row.usedCount) : `${row.usedCount} / ${row.maxUses}`),
    },
    {
      key: 'expires',
      header: t('training.promoAdmin.columns.expires'),
      cell: (row) => (row.expiresAt ? formatDate(row.expiresAt, language) : '—'),
    },
    {
      key: 'active',
      header: t('training.promoAdmin.columns.active'),
      cell: (row) => (row.active ? t('common.yes') : t('common.no')),
    },
    {
      key: 'actions',
      header: t('training.admin.columns.actions'),
      hideLabelOnPhone: true,
      cell: (row) => (
        <RowActions
          name={row.code}
          editLabel={t('training.admin.edit')}
          deleteLabel={t('training.admin.delete')}
          onEdit={() => setEditing(row)}
          onDelete={() =>
            ask({
              title: t('training.promoAdmin.deleteTitle', { code: row.code }),
              description: t('training.promoAdmin.deleteText'),
              action: () =>
                remove.mutateAsync(row.id, {
                  onSuccess: () => toast.success(t('training.promoAdmin.deleted')),
                  onError: (error) => toast.error(errorMessage(error, t('training.admin.failed'))),
                }),
            })
          }
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="promo-admin-title">
      <h1 id="promo-admin-title" className="mb-6 text-4xl">
        {t('training.promoAdmin.title')}
      </h1>
      <DataTable
        caption={t('training.promoAdmin.caption')}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('training.promoAdmin.add')}
          </button>
        }
      />
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('training.promoAdmin.newTitle') : t('training.promoAdmin.editTitle')}
        size="lg"
      >
        {editing !== null ? (
          <PromoCodeEditor
            key={editing === 'new' ? 'new' : editing.id}
            promo={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      {dialog}
    </section>
  );
}
