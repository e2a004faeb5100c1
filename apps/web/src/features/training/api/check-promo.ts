import type { PromoQuote } from '@atelier/shared';
import { apiRequest } from '../../../shared/api/client';

/** Live promo check for the purchase modal: 400 with the reason when the code cannot be used. */
export async function checkPromo(lessonId: string, promoCode: string, signal?: AbortSignal): Promise<PromoQuote> {
  const { data } = await apiRequest<PromoQuote>(`/training/lessons/${encodeURIComponent(lessonId)}/promo-check`, {
    method: 'POST',
    body: { promoCode },
    signal,
    silent: true,
  });
  return data;
}
