import type { Review } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchReviews = () => apiGet<Review[]>('/reviews');

export const reviewsQueryOptions = () => queryOptions({ queryKey: ['reviews', 'approved'], queryFn: fetchReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
