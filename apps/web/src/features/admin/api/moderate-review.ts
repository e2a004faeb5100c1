import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export type ReviewAction = 'approve' | 'reject' | 'delete';

/** SPEC §7: PUT /reviews/admin/{id}/approve|reject, DELETE /reviews/admin/{id}. */
export async function moderateReview({ id, action }: { id: string; action: ReviewAction }) {
  const path = `/reviews/admin/${encodeURIComponent(id)}`;
  if (action === 'delete') await apiRequest<unknown>(path, { method: 'DELETE' });
  else await apiRequest<unknown>(`${path}/${action}`, { method: 'PUT' });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}
