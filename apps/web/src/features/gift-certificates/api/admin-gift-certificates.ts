import type {
  AdminGiftCertificate,
  GiftCertificateSettings,
  GiftCertificateStatus,
  IssueGiftCertificateBody,
} from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export type { AdminGiftCertificate, GiftCertificateSettings };

export interface AdminGiftParams {
  search: string;
  status: GiftCertificateStatus | '';
  page: number;
  limit: number;
}

const KEY = ['admin', 'gift-certificates'];

/** GET /admin/gift-certificates: newest first, searchable by code, email, name or order number. */
export async function fetchAdminGiftCertificates(params: AdminGiftParams, signal?: AbortSignal) {
  const { status, ...rest } = params;
  const { data, meta } = await apiRequest<AdminGiftCertificate[]>('/admin/gift-certificates', {
    query: { ...rest, ...(status ? { status } : {}) },
    signal,
  });
  return { items: data, total: meta?.total ?? data.length };
}

export function useAdminGiftCertificates(params: AdminGiftParams) {
  return useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: ({ signal }) => fetchAdminGiftCertificates(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One certificate with the history of its balance. */
export function useAdminGiftCertificate(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminGiftCertificate>(`/admin/gift-certificates/${encodeURIComponent(id ?? '')}`, { signal }))
        .data,
    enabled: id !== null,
  });
}

export function useIssueGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: IssueGiftCertificateBody) =>
      apiRequest<AdminGiftCertificate>('/admin/gift-certificates', { method: 'POST', body, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeactivateGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note?: string }) =>
      apiRequest<AdminGiftCertificate>(`/admin/gift-certificates/${encodeURIComponent(id)}/deactivate`, {
        method: 'POST',
        body: note ? { note } : {},
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useGiftSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: async ({ signal }) =>
      (await apiRequest<GiftCertificateSettings>('/admin/gift-certificates/settings', { signal })).data,
  });
}

export function useSaveGiftSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: GiftCertificateSettings) =>
      apiRequest<GiftCertificateSettings>('/admin/gift-certificates/settings', {
        method: 'PUT',
        body: settings,
        silent: true,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['gift-certificates', 'offer'] });
    },
  });
}
