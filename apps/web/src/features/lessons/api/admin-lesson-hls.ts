import type { LessonHlsStatus } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

const base = (id: string) => `/admin/lessons/${encodeURIComponent(id)}/hls`;

/** The HLS transcode of a lesson's video (admin), polled every 2 s while it is queued or running. */
export const adminLessonHlsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['training', 'admin', 'lesson-hls', id],
    queryFn: () => apiGet<LessonHlsStatus>(base(id)),
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'running' ? 2000 : false;
    },
  });

export function useAdminLessonHls(id: string) {
  return useQuery(adminLessonHlsQueryOptions(id));
}

/** POST /admin/lessons/{id}/hls/retry: queues the current video again. */
export function useRetryLessonHls(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<LessonHlsStatus>(`${base(id)}/retry`, { method: 'POST', silent: true })).data,
    onSuccess: (status) => queryClient.setQueryData(adminLessonHlsQueryOptions(id).queryKey, status),
  });
}
