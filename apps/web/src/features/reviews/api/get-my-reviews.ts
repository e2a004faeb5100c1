import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewsApi } from '../../../shared/api/routes/reviews';
import { reviewKeys } from './keys';

/** The signed-in user's own reviews (pending ones are visible only to their author). */
export const fetchMyReviews = () => reviewsApi.mine({}, { silent: true }).then((reply) => reply.data);

export const myReviewsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: reviewKeys.mine(userId), queryFn: fetchMyReviews });

export function useMyReviews(userId: string | null) {
  return useQuery({ ...myReviewsQueryOptions(userId ?? ''), enabled: userId !== null });
}
