import type { PromoCode } from '@atelier/shared';
import { formatDate } from '../../../shared/format/date';
import { formatPercent } from '../../../shared/format/percent';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AdminCollectionPage } from '../../../shared/ui/admin-collection';
import type { DataColumn } from '../../../shared/ui/data-table';
import { useAdminPromoCodes, useDeletePromoCode } from '../api/admin-promo-codes';
import { PromoCodeEditor } from './promo-code-editor';

/** /admin/promo-codes: codes with percent, lessons, uses/limit and expiry; create, edit, delete. */
export function PromoCodesAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useAdminPromoCodes();
  const remove = useDeletePromoCode();

  const columns: DataColumn<PromoCode>[] = [
    {
      key: 'code',
      header: t('training.promoAdmin.fields.code'),
      cell: (row) => <code className="font-semibold">{row.code}</code>,
    },
    {
      key: 'percent',
      header: t('training.promoAdmin.columns.percent'),
      cell: (row) => formatPercent(row.percentOff, language),
    },
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
  ];

  return (
    <AdminCollectionPage
      headingId="promo-admin-title"
      title={t('training.promoAdmin.title')}
      table={{ caption: t('training.promoAdmin.caption'), columns, rows: query.data }}
      query={query}
      texts={{
        add: t('training.promoAdmin.add'),
        newTitle: t('training.promoAdmin.newTitle'),
        editTitle: t('training.promoAdmin.editTitle'),
        edit: t('training.admin.edit'),
        delete: t('training.admin.delete'),
        actions: t('training.admin.columns.actions'),
      }}
      nameOf={(row) => row.code}
      remove={{
        confirm: (row) => ({
          title: t('training.promoAdmin.deleteTitle', { code: row.code }),
          description: t('training.promoAdmin.deleteText'),
        }),
        run: (row) => remove.mutateAsync(row.id),
        done: () => t('training.promoAdmin.deleted'),
        failed: t('training.admin.failed'),
      }}
      editorSize="lg"
      editor={(promo, done) => <PromoCodeEditor promo={promo} onDone={done} />}
    />
  );
}
