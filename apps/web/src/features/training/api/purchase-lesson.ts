import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface LessonPurchaseResult {
  /** Set when the lesson was free (promo code): it is unlocked already. */
  purchased?: boolean;
  /** Set when a payment is needed: where to send the buyer. */
  paymentUrl?: string;
  orderId?: string;
  orderNumber?: string | number;
}

export async function purchaseLesson({ id, promoCode }: { id: string; promoCode?: string }) {
  const { data, message } = await apiRequest<LessonPurchaseResult | null>(
    `/training/lessons/${encodeURIComponent(id)}/purchase`,
    { method: 'POST', body: promoCode ? { promoCode } : {}, silent: true },
  );
  return { result: data ?? {}, message };
}

export function usePurchaseLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseLesson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['training'] }),
  });
}
