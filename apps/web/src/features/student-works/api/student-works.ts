import type { AdminStudentWork, StudentWork, StudentWorkStatus, StudentWorkTeaser } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

const lessonPath = (lessonId: string) => `/student-works/lessons/${encodeURIComponent(lessonId)}`;

/** GET /student-works/lessons/{id}: the lesson's approved works (server-rendered with the lesson page). */
export const lessonWorksQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: ['student-works', 'lesson', lessonId],
    queryFn: () => apiGet<StudentWork[]>(lessonPath(lessonId)),
  });

export function useLessonWorks(lessonId: string) {
  return useQuery(lessonWorksQueryOptions(lessonId));
}

/** GET /student-works: the newest approved works, for the home page's "made by students". */
export const recentWorksQueryOptions = () =>
  queryOptions({
    queryKey: ['student-works', 'recent'],
    queryFn: () => apiGet<StudentWorkTeaser[]>('/student-works'),
  });

export function useRecentWorks() {
  return useQuery(recentWorksQueryOptions());
}

/** The signed-in user's own works on the lesson (pending ones are visible only to their author). */
export function useMyLessonWorks(lessonId: string, userId: string | null) {
  return useQuery({
    queryKey: ['student-works', 'mine', userId, lessonId],
    queryFn: () => apiGet<StudentWork[]>(`${lessonPath(lessonId)}/mine`, undefined, undefined, { silent: true }),
    enabled: userId !== null,
  });
}

export interface CreateWorkInput {
  lessonId: string;
  caption: string;
  image: File;
}

/** Multipart image + caption. */
export async function createWork({ lessonId, caption, image }: CreateWorkInput) {
  const form = new FormData();
  form.set('caption', caption.trim());
  form.set('image', image);
  const { data, message } = await apiRequest<StudentWork>(lessonPath(lessonId), {
    method: 'POST',
    body: form,
    silent: true,
  });
  return { work: data, message };
}

function useInvalidateWorks() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['student-works'] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
}

export function useCreateWork() {
  const invalidate = useInvalidateWorks();
  return useMutation({ mutationFn: createWork, onSuccess: invalidate });
}

/** DELETE /student-works/{id}: the author's own work. */
export function useDeleteOwnWork() {
  const invalidate = useInvalidateWorks();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/student-works/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }),
    onSuccess: invalidate,
  });
}

export interface AdminWorksParams {
  status: 'all' | StudentWorkStatus;
  search: string;
  page: number;
  limit: number;
}

export function useAdminWorks(params: AdminWorksParams) {
  return useQuery({
    queryKey: ['student-works', 'admin', params],
    queryFn: async ({ signal }) => {
      const { data, meta } = await apiRequest<AdminStudentWork[]>('/student-works/admin', {
        query: { ...params },
        signal,
      });
      return { items: data, total: meta?.total ?? data.length };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export type WorkAction = 'approve' | 'reject' | 'delete';

/** PUT /student-works/admin/{id}/approve|reject, DELETE /student-works/admin/{id}. */
export function useModerateWork() {
  const invalidate = useInvalidateWorks();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: WorkAction }) => {
      const path = `/student-works/admin/${encodeURIComponent(id)}`;
      if (action === 'delete') return apiRequest<unknown>(path, { method: 'DELETE' });
      return apiRequest<unknown>(`${path}/${action}`, { method: 'PUT' });
    },
    onSuccess: invalidate,
  });
}
