import type { ConsentKind, ConsentRecord } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../shared/api/client';
import { legalApi } from '../../../shared/api/routes/legal';
import { saveFile } from '../../../shared/files/save-file';
import { legalAdminKeys } from './keys';

export interface AdminConsentsFilter {
  kind?: ConsentKind | undefined;
  /** Inclusive days, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  to?: string | undefined;
}

/** Admin `GET /admin/consents`: newest first, one page. */
export async function fetchAdminConsents(
  filter: AdminConsentsFilter & { page: number; limit: number },
): Promise<{ items: ConsentRecord[]; total: number }> {
  const { data, meta } = await legalApi.adminConsents({ query: { ...filter } });
  return { items: data ?? [], total: meta?.total ?? 0 };
}

export const adminConsentsQueryOptions = (filter: AdminConsentsFilter & { page: number; limit: number }) =>
  queryOptions({
    queryKey: legalAdminKeys.consents(filter),
    queryFn: () => fetchAdminConsents(filter),
    staleTime: 10_000,
  });

export function useAdminConsents(filter: AdminConsentsFilter & { page: number; limit: number }) {
  return useQuery({ ...adminConsentsQueryOptions(filter), placeholderData: keepPreviousData });
}

export type ConsentExportFormat = 'csv' | 'json';

/** The consents the filter matches (every page), as a CSV or JSON file. */
export async function exportConsents({
  format,
  filter,
}: {
  format: ConsentExportFormat;
  filter: AdminConsentsFilter;
}): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const query = params.toString();
  const today = new Date().toISOString().slice(0, 10);
  const { blob, filename } = await apiDownload(
    `/admin/consents/export.${format}${query ? `?${query}` : ''}`,
    `consents-${today}.${format}`,
  );
  saveFile(blob, filename);
  return filename;
}

export function useExportConsents() {
  return useMutation({ mutationFn: exportConsents });
}
