import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lessonsAdminApi } from '../../../shared/api/routes/lessons-admin';
import { lessonKeys } from './keys';

/** The HLS transcode of a lesson's video (admin), polled every 2 s while it is queued or running. */
export const adminLessonHlsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lessonKeys.adminHls(id),
    queryFn: async () => (await lessonsAdminApi.adminLessonsHls({ params: { id } })).data,
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
    mutationFn: async () => (await lessonsAdminApi.adminLessonsHlsRetry({ params: { id } }, { silent: true })).data,
    onSuccess: (status) => queryClient.setQueryData(adminLessonHlsQueryOptions(id).queryKey, status),
  });
}
