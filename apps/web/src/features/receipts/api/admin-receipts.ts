import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptsApi } from '../../../shared/api/routes/receipts';
import { receiptKeys } from './keys';

/** While a receipt waits for the worker (or is being sent), the page asks again this often. */
const WAITING_POLL_MS = 3_000;

/** Admin: the fiscal receipts of an order (payment, completion, refund) with their state and errors. */
export const orderReceiptsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: receiptKeys.adminOrder(orderId),
    queryFn: () => receiptsApi.adminOrdersReceipts({ params: { id: orderId } }).then((reply) => reply.data),
  });

export function useOrderReceipts(orderId: string) {
  return useQuery({
    ...orderReceiptsQueryOptions(orderId),
    refetchInterval: (query) =>
      query.state.data?.receipts.some((r) => r.state === 'queued' || r.state === 'sending') ? WAITING_POLL_MS : false,
  });
}

/** Admin: send a failed completion receipt to YooKassa again; the reply is its new state. */
export async function retryReceipt(input: { orderId: string; receiptId: string }) {
  const { data, message } = await receiptsApi.adminReceiptsRetry({ params: { id: input.receiptId } }, { silent: true });
  return { data, message };
}

export function useRetryReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryReceipt,
    onSettled: (_result, _error, input) =>
      client.invalidateQueries({ queryKey: receiptKeys.adminOrder(input.orderId) }),
  });
}
