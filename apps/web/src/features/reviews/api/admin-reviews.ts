import type { ReviewStatus } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminScope } from '../../../shared/api/query-keys';
import { reviewsApi } from '../../../shared/api/routes/reviews';
import { reviewKeys } from './keys';

export interface AdminReviewsParams {
  status: 'all' | ReviewStatus;
  search: string;
  page: number;
  limit: number;
}

/** GET /reviews/admin (query): filter by status, search, pages. */
export async function fetchAdminReviews(params: AdminReviewsParams, signal?: AbortSignal) {
  const { data, meta } = await reviewsApi.listAdmin({ query: { ...params } }, { signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminReviewsQueryOptions = (params: AdminReviewsParams) =>
  queryOptions({
    queryKey: reviewKeys.admin(params),
    queryFn: ({ signal }) => fetchAdminReviews(params, signal),
    staleTime: 0,
  });

export function useAdminReviews(params: AdminReviewsParams) {
  return useQuery({ ...adminReviewsQueryOptions(params), placeholderData: keepPreviousData });
}

export type ReviewAction = 'approve' | 'reject' | 'delete';

/** PUT /reviews/admin/{id}/approve|reject, DELETE /reviews/admin/{id}. */
export async function moderateReview({ id, action }: { id: string; action: ReviewAction }) {
  const input = { params: { id } };
  if (action === 'delete') return reviewsApi.deleteAdmin(input);
  return (action === 'approve' ? reviewsApi.adminApprove : reviewsApi.adminReject)(input);
}

/** PUT /reviews/admin/reorder `{ reviews: [id, …] }` in display order. */
export const reorderReviews = (ids: string[]) => reviewsApi.adminReorder({ body: { reviews: ids } });

function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminScope.all });
  };
}

export function useModerateReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({ mutationFn: moderateReview, onSuccess: invalidate });
}

export function useReorderReviews() {
  const invalidate = useInvalidateReviews();
  return useMutation({ mutationFn: reorderReviews, onSettled: invalidate });
}
