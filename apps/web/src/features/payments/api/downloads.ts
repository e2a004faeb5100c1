import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsApi } from '../../../shared/api/routes/payments';
import { paymentKeys } from './keys';

/** The account's digital books (the links themselves are only in the mails). */
export const downloadsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.downloads(),
    queryFn: () => paymentsApi.userDownloads({}, { silent: true }).then((reply) => reply.data),
  });

export function useDownloads() {
  return useQuery(downloadsQueryOptions());
}

/** A fresh link (also mailed); the old one stops working. */
export async function reissueDownload(id: string) {
  const { data, message } = await paymentsApi.userDownloadsReissue({ params: { id } }, { silent: true });
  return { ...data, message };
}

export function useReissueDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reissueDownload,
    onSuccess: () => client.invalidateQueries({ queryKey: paymentKeys.downloads() }),
  });
}
