import type { Download, ReissuedDownload } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

/** The account's digital books (the links themselves are only in the mails). */
export const downloadsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'downloads'],
    queryFn: () => apiGet<Download[]>('/user/downloads', undefined, undefined, { silent: true }),
  });

export function useDownloads() {
  return useQuery(downloadsQueryOptions());
}

/** A fresh link (also mailed); the old one stops working. */
export async function reissueDownload(id: string) {
  const { data, message } = await apiRequest<ReissuedDownload>(`/user/downloads/${encodeURIComponent(id)}/reissue`, {
    method: 'POST',
    silent: true,
  });
  return { ...data, message };
}

export function useReissueDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reissueDownload,
    onSuccess: () => client.invalidateQueries({ queryKey: ['payments', 'downloads'] }),
  });
}
