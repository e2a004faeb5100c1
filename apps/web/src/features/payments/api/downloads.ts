import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsApi } from '../../../shared/api/routes/payments';
import { useSession } from '../../auth/api/auth-session';
import { paymentKeys } from './keys';

/** The account's digital books (the links themselves are only in the mails). */
export const downloadsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.downloads(),
    queryFn: () => paymentsApi.userDownloads({}, { silent: true }).then((reply) => reply.data),
  });

/**
 * Read only while signed in: once the account is signed out or deleted the list is dropped and not
 * asked for again without a session (which would answer 401 and send the visitor to sign in).
 */
export function useDownloads() {
  const session = useSession();
  return useQuery({ ...downloadsQueryOptions(), enabled: session.status === 'authenticated' });
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
