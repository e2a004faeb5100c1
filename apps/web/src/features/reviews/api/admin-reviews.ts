import type { AdminReview, ReviewStatus } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface AdminReviewsParams {
  status: 'all' | ReviewStatus;
  search: string;
  page: number;
  limit: number;
}

/** GET /reviews/admin (query): filter by status, search, pages. */
export async function fetchAdminReviews(params: AdminReviewsParams, signal?: AbortSignal) {
  const { data, meta } = await apiRequest<AdminReview[]>('/reviews/admin', { query: { ...params }, signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminReviewsQueryOptions = (params: AdminReviewsParams) =>
  queryOptions({
    queryKey: ['reviews', 'admin', params],
    queryFn: ({ signal }) => fetchAdminReviews(params, signal),
    staleTime: 0,
  });

export function useAdminReviews(params: AdminReviewsParams) {
  return useQuery({ ...adminReviewsQueryOptions(params), placeholderData: keepPreviousData });
}

export type ReviewAction = 'approve' | 'reject' | 'delete';

/** PUT /reviews/admin/{id}/approve|reject, DELETE /reviews/admin/{id}. */
export async function moderateReview({ id, action }: { id: string; action: ReviewAction }) {
  const path = `/reviews/admin/${encodeURIComponent(id)}`;
  if (action === 'delete') return apiRequest<unknown>(path, { method: 'DELETE' });
  return apiRequest<unknown>(`${path}/${action}`, { method: 'PUT' });
}

/** PUT /reviews/admin/reorder `{ reviews: [id, …] }` in display order. */
export const reorderReviews = (ids: string[]) =>
  apiRequest<unknown>('/reviews/admin/reorder', { method: 'PUT', body: { reviews: ids } });

function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
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
