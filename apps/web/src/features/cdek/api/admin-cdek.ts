import type { CdekOrderPanel } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiRequest } from '../../../shared/api/client';
import { saveFile } from '../../../shared/files/save-file';

const panelKey = (orderId: string) => ['cdek', 'admin', 'order', orderId];

/** Admin: the order's CDEK shipment (number, statuses) and whether it can be registered now. */
export const orderCdekQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: panelKey(orderId),
    queryFn: () => apiGet<CdekOrderPanel>(`/admin/orders/${encodeURIComponent(orderId)}/cdek`),
  });

export function useOrderCdek(orderId: string) {
  return useQuery(orderCdekQueryOptions(orderId));
}

/** Admin: register the order with CDEK; the order itself changes too (processing, tracking number). */
export function useRegisterCdek() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      apiRequest<CdekOrderPanel>(`/admin/orders/${encodeURIComponent(orderId)}/cdek`, { method: 'POST', silent: true }),
    onSuccess: ({ data }, orderId) => client.setQueryData(panelKey(orderId), data),
    onSettled: (_result, _error, orderId) =>
      Promise.all([
        client.invalidateQueries({ queryKey: panelKey(orderId) }),
        client.invalidateQueries({ queryKey: ['orders'] }),
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
