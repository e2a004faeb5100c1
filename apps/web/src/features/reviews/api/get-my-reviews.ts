import type { Review } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

/** The signed-in user's own reviews (pending ones are visible only to their author). */
export const fetchMyReviews = () => apiGet<Review[]>('/reviews/mine', undefined, undefined, { silent: true });

export const myReviewsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['reviews', 'mine', userId], queryFn: fetchMyReviews });

export function useMyReviews(userId: string | null) {
  return useQuery({ ...myReviewsQueryOptions(userId ?? ''), enabled: userId !== null });
}
