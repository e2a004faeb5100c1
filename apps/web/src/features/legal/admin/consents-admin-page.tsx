import { CONSENT_KINDS, type ConsentKind, type ConsentRecord, legalDocumentPath } from '@atelier/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDateTime } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChipGroup } from '../../../shared/ui/chip-group';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast';
import { type ConsentExportFormat, useAdminConsents, useExportConsents } from '../api/admin-consents';

const LIMIT = 20;
const KIND_FILTERS = ['all', ...CONSENT_KINDS] as const;
type KindFilter = (typeof KIND_FILTERS)[number];
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/admin/consents`: every consent given or withdrawn, newest first — who, which document version,
 * where, when, from which address — filtered by kind and days (kept in the URL), and downloaded as
 * CSV or JSON with the same filters.
 */
export function ConsentsAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind') ?? 'all';
  const kind: KindFilter = (KIND_FILTERS as readonly string[]).includes(kindParam) ? (kindParam as KindFilter) : 'all';
  const from = DATE_RE.test(params.get('from') ?? '') ? (params.get('from') as string) : '';
  const to = DATE_RE.test(params.get('to') ?? '') ? (params.get('to') as string) : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && value !== 'all') next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const filter = {
    kind: kind === 'all' ? undefined : (kind as ConsentKind),
    from: from || undefined,
    to: to || undefined,
  };
  const query = useAdminConsents({ ...filter, page, limit: LIMIT });
  const exportConsents = useExportConsents();
  const download = async (format: ConsentExportFormat) => {
    try {
      const name = await exportConsents.mutateAsync({ format, filter });
      toast.success(t('legal.consentsAdmin.exported', { name }));
    } catch (failure) {
      toast.error(errorMessage(failure, t('legal.consentsAdmin.exportFailed')));
    }
  };

  const columns: DataColumn<ConsentRecord>[] = [
    {
      key: 'at',
      header: t('legal.consentsAdmin.at'),
      cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.at, language)}</span>,
    },
    {
      key: 'kind',
      header: t('legal.consentsAdmin.kind'),
      cell: (row) => (
        <span>
          {t(`labels.legalKind.${row.kind}`)}
          <span className={`block text-xs font-semibold ${row.granted ? 'text-emerald-800' : 'text-rose-800'}`}>
            {row.granted ? t('legal.consentsAdmin.granted') : t('legal.consentsAdmin.withdrawn')}
          </span>
        </span>
      ),
    },
    {
      key: 'who',
      header: t('legal.consentsAdmin.who'),
      cell: (row) =>
        row.user ? (
          <span className="wrap-anywhere">
            {row.user.name}
            <span className="block text-xs text-muted">
              {row.user.email ?? t('legal.consentsAdmin.deletedAccount')}
            </span>
          </span>
        ) : (
          <span className="text-ink-soft">
            {t('legal.consentsAdmin.visitor', { id: (row.visitorId ?? '').slice(0, 8) })}
          </span>
        ),
    },
    {
      key: 'document',
      header: t('legal.consentsAdmin.document'),
      cell: (row) => (
        <Link
          to={legalDocumentPath(row.document.kind, { language: row.document.language, version: row.document.version })}
          className="link whitespace-nowrap"
        >
          {t('legal.consentsAdmin.version', {
            version: row.document.version,
            language: row.document.language.toUpperCase(),
          })}
        </Link>
      ),
    },
    {
      key: 'source',
      header: t('legal.consentsAdmin.source'),
      cell: (row) => (
        <span>
          {t(`labels.consentSource.${row.source}`)}
          {row.orderNumber !== null ? (
            <span className="block text-xs text-muted">{t('checkout.orderNumber', { number: row.orderNumber })}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'ip',
      header: t('legal.consentsAdmin.ip'),
      cell: (row) => (
        <span className="wrap-anywhere" title={row.userAgent ?? undefined}>
          {row.ip}
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-consents-title">
      <h1 id="admin-consents-title" className="mb-3 text-4xl">
        {t('admin.sections.consents')}
      </h1>
      <p className="mb-6 max-w-2xl text-ink-soft">{t('legal.consentsAdmin.intro')}</p>
      <ChipGroup
        legend={t('legal.consentsAdmin.kindLegend')}
        className="mb-4"
        options={KIND_FILTERS}
        value={kind}
        onChange={(value) => update({ kind: value })}
        label={(value) => (value === 'all' ? t('legal.consentsAdmin.all') : t(`labels.legalKind.${value}`))}
      />
      <DataTable
        caption={t('legal.consentsAdmin.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        emptyTitle={t('legal.consentsAdmin.empty')}
        pagination={{
          page,
          limit: LIMIT,
          total: query.data?.total ?? 0,
          onPageChange: (next) => update({ page: String(next) }),
        }}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <DateRangeFields
              idBase={base}
              from={from}
              to={to}
              labels={{ from: t('legal.consentsAdmin.from'), to: t('legal.consentsAdmin.to') }}
              onChange={update}
            />
            {(['csv', 'json'] as const).map((format) => (
              <button
                key={format}
                type="button"
                className="btn btn-outline"
                disabled={exportConsents.isPending}
                onClick={() => void download(format)}
              >
                {exportConsents.isPending && exportConsents.variables?.format === format ? (
                  <Spinner className="size-4" />
                ) : null}
                {t(`legal.consentsAdmin.export.${format}`)}
              </button>
            ))}
          </div>
        }
      />
    </section>
  );
}
