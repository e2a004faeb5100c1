import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload } from '../../../shared/api/client';
import { ordersScope } from '../../../shared/api/query-keys';
import { cdekApi } from '../../../shared/api/routes/cdek';
import { saveFile } from '../../../shared/files/save-file';
import { cdekKeys } from './keys';

/** Admin: the order's CDEK shipment (number, statuses) and whether it can be registered now. */
export const orderCdekQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: cdekKeys.adminOrder(orderId),
    queryFn: () => cdekApi.listAdminOrdersCdek({ params: { id: orderId } }).then((reply) => reply.data),
  });

export function useOrderCdek(orderId: string) {
  return useQuery(orderCdekQueryOptions(orderId));
}

/** Admin: register the order with CDEK; the order itself changes too (processing, tracking number). */
export function useRegisterCdek() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => cdekApi.createAdminOrdersCdek({ params: { id: orderId } }, { silent: true }),
    onSuccess: ({ data }, orderId) => client.setQueryData(cdekKeys.adminOrder(orderId), data),
    onSettled: (_result, _error, orderId) =>
      Promise.all([
        client.invalidateQueries({ queryKey: cdekKeys.adminOrder(orderId) }),
        client.invalidateQueries({ queryKey: ordersScope.all }),
      ]),
  });
}

/** Admin: the parcel's barcode label as CDEK makes it (PDF), saved by the browser. */
export function useDownloadCdekLabel() {
  return useMutation({
    mutationFn: async (orderId: string) => {
      const { blob, filename } = await apiDownload(
        `/admin/orders/${encodeURIComponent(orderId)}/cdek/label`,
        'cdek-label.pdf',
      );
      saveFile(blob, filename);
      return filename;
    },
  });
}
