import { queryOptions, useQuery } from '@tanstack/react-query';
import { lessonsApi } from '../../../shared/api/routes/lessons';
import { lessonKeys } from './keys';

/**
 * Short-lived signed URLs of the lesson's video and methodology sheets (purchasers and admins) and
 * the saved playback position. `<video src>` and download links cannot send the bearer token; the
 * URLs carry a signature instead and expire, so they are refetched before they run out.
 */
export const fetchLessonAccess = (id: string) =>
  lessonsApi.trainingLessonsAccess({ params: { id } }, { silent: true }).then((reply) => reply.data);

export const lessonAccessQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lessonKeys.access(id),
    queryFn: () => fetchLessonAccess(id),
    staleTime: 0,
    gcTime: 0,
    // Fresh links a minute before these expire (the download links on the page; the player keeps
    // its current source and renews it only if it fails).
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? Math.max(30_000, Date.parse(expiresAt) - Date.now() - 60_000) : false;
    },
  });

export function useLessonAccess(id: string, enabled: boolean) {
  return useQuery({ ...lessonAccessQueryOptions(id), enabled });
}
