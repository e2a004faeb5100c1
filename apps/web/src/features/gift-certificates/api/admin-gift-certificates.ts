import type {
  AdminGiftCertificate,
  GiftCertificateSettings,
  GiftCertificateStatus,
  IssueGiftCertificateBody,
} from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { giftCertificatesApi } from '../../../shared/api/routes/gift-certificates';
import { giftCertificateKeys } from './keys';

export type { AdminGiftCertificate, GiftCertificateSettings };

export interface AdminGiftParams {
  search: string;
  status: GiftCertificateStatus | '';
  page: number;
  limit: number;
}

/** GET /admin/gift-certificates: newest first, searchable by code, email, name or order number. */
export async function fetchAdminGiftCertificates(params: AdminGiftParams, signal?: AbortSignal) {
  const { status, ...rest } = params;
  const { data, meta } = await giftCertificatesApi.listAdminGiftCertificates(
    { query: { ...rest, ...(status ? { status } : {}) } },
    { signal },
  );
  return { items: data, total: meta?.total ?? data.length };
}

export function useAdminGiftCertificates(params: AdminGiftParams) {
  return useQuery({
    queryKey: giftCertificateKeys.adminList(params),
    queryFn: ({ signal }) => fetchAdminGiftCertificates(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One certificate with the history of its balance. */
export function useAdminGiftCertificate(id: string | null) {
  return useQuery({
    queryKey: giftCertificateKeys.adminOne(id),
    queryFn: async ({ signal }) =>
      (await giftCertificatesApi.getAdminGiftCertificates({ params: { id: id ?? '' } }, { signal })).data,
    enabled: id !== null,
  });
}

export function useIssueGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: IssueGiftCertificateBody) =>
      giftCertificatesApi.createAdminGiftCertificates({ body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftCertificateKeys.admin() }),
  });
}

export function useDeactivateGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: string; note?: string }) =>
      giftCertificatesApi.adminGiftCertificatesDeactivate(
        { params: { id }, body: note ? { note } : {} },
        { silent: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftCertificateKeys.admin() }),
  });
}

export function useGiftSettings() {
  return useQuery({
    queryKey: giftCertificateKeys.adminSettings(),
    queryFn: async ({ signal }) => (await giftCertificatesApi.listAdminGiftCertificatesSettings({}, { signal })).data,
  });
}

export function useSaveGiftSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: GiftCertificateSettings) =>
      giftCertificatesApi.putAdminGiftCertificatesSettings({ body: settings }, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: giftCertificateKeys.admin() });
      void queryClient.invalidateQueries({ queryKey: giftCertificateKeys.offer() });
    },
  });
}
