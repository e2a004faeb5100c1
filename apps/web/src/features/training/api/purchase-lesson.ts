import type { PurchaseResult } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/**
 * POST /training/lessons/{id}/purchase: the lesson's order. `purchased` = unlocked already (a free
 * lesson or a 100 % code); otherwise the order goes on to payment.
 */
export async function purchaseLesson({ id, promoCode }: { id: string; promoCode?: string | undefined }) {
  const { data, message } = await apiRequest<PurchaseResult>(`/training/lessons/${encodeURIComponent(id)}/purchase`, {
    method: 'POST',
    body: promoCode ? { promoCode } : {},
    silent: true,
  });
  return { result: data, message };
}

export function usePurchaseLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['training'] }),
  });
}
