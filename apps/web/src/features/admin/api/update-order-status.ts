import type { OrderStatus } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** SPEC §7 `PATCH /orders/{id}/status`; the server enforces the status machine (409 otherwise). */
export async function updateOrderStatus({ id, status }: { id: string; status: OrderStatus }) {
  await apiRequest<unknown>(`/orders/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
