import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewsApi } from '../../../shared/api/routes/reviews';
import { reviewKeys } from './keys';

export const fetchReviews = () => reviewsApi.list().then((reply) => reply.data);

export const reviewsQueryOptions = () => queryOptions({ queryKey: reviewKeys.approved(), queryFn: fetchReviews });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
