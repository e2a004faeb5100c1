import type { StudentWorkStatus } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminScope } from '../../../shared/api/query-keys';
import { studentWorksApi } from '../../../shared/api/routes/student-works';
import { studentWorkKeys } from './keys';

/** GET /student-works/lessons/{id}: the lesson's approved works (server-rendered with the lesson page). */
export const lessonWorksQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: studentWorkKeys.lesson(lessonId),
    queryFn: async () => (await studentWorksApi.getLessons({ params: { id: lessonId } })).data,
  });

export function useLessonWorks(lessonId: string) {
  return useQuery(lessonWorksQueryOptions(lessonId));
}

/** GET /student-works: the newest approved works, for the home page's "made by students". */
export const recentWorksQueryOptions = () =>
  queryOptions({
    queryKey: studentWorkKeys.recent(),
    queryFn: () => studentWorksApi.list().then((reply) => reply.data),
  });

export function useRecentWorks() {
  return useQuery(recentWorksQueryOptions());
}

/** The signed-in user's own works on the lesson (pending ones are visible only to their author). */
export function useMyLessonWorks(lessonId: string, userId: string | null) {
  return useQuery({
    queryKey: studentWorkKeys.mine(userId, lessonId),
    queryFn: async () => (await studentWorksApi.lessonsMine({ params: { id: lessonId } }, { silent: true })).data,
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
  const { data, message } = await studentWorksApi.createLessons({ params: { id: lessonId }, form }, { silent: true });
  return { work: data, message };
}

function useInvalidateWorks() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: studentWorkKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminScope.all });
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
    mutationFn: (id: string) => studentWorksApi.delete({ params: { id } }, { silent: true }),
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
    queryKey: studentWorkKeys.admin(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await studentWorksApi.listAdmin({ query: { ...params } }, { signal });
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
      const input = { params: { id } };
      if (action === 'delete') return studentWorksApi.deleteAdmin(input);
      return (action === 'approve' ? studentWorksApi.adminApprove : studentWorksApi.adminReject)(input);
    },
    onSuccess: invalidate,
  });
}
