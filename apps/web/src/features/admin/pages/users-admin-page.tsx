import type { AdminUser } from '@atelier/shared';
import { useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { type DataColumn, DataTable } from '../../../shared/ui/data-table';
import { useAdminUsers } from '../api/get-users';

const PAGE_SIZE = 20;

/** /admin/users: every account with search and pages (read-only). */
export function UsersAdminPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminUsers({ search, page, limit: PAGE_SIZE });

  const columns: DataColumn<AdminUser>[] = [
    { key: 'name', header: t('admin.columns.name'), cell: (user) => user.name },
    {
      key: 'email',
      header: t('admin.columns.email'),
      // An address is one long word: it may break anywhere rather than widen the table.
      cell: (user) => <span className="wrap-anywhere">{user.email}</span>,
    },
    { key: 'phone', header: t('admin.users.phone'), cell: (user) => user.phone ?? '—' },
    {
      key: 'role',
      header: t('admin.columns.role'),
      cell: (user) => (user.role === 'admin' ? t('account.admin') : t('account.customer')),
    },
    {
      key: 'verified',
      header: t('admin.columns.verified'),
      cell: (user) => (user.emailVerified ? t('common.yes') : t('common.no')),
    },
    { key: 'orders', header: t('admin.users.orders'), cell: (user) => user.orders },
    { key: 'created', header: t('admin.users.created'), cell: (user) => formatDate(user.createdAt, language) },
  ];

  return (
    <section aria-labelledby="users-admin-title">
      <h1 id="users-admin-title" className="mb-6 text-4xl">
        {t('admin.sections.users')}
      </h1>
      <DataTable
        caption={t('admin.users.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(user) => user.id}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        search={{
          value: search,
          label: t('admin.users.search'),
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
        pagination={{ page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPageChange: setPage }}
      />
    </section>
  );
}
