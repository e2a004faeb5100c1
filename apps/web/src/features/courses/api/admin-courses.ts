import type { AdminCourse, CourseWrite } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';
import { uploadForm } from '../../../shared/api/upload';

export const adminCoursesQueryOptions = () =>
  queryOptions({
    queryKey: ['training', 'admin', 'courses'],
    queryFn: () => apiGet<AdminCourse[]>('/admin/courses'),
    staleTime: 0,
  });

export function useAdminCourses() {
  return useQuery(adminCoursesQueryOptions());
}

/** POST /admin/courses or PUT /admin/courses/{id}: multipart `data` (fields + ordered lessonIds) + optional `cover`. */
export async function saveCourse({
  id,
  fields,
  cover,
}: {
  id: string | null;
  fields: CourseWrite;
  cover: File | null;
}) {
  return uploadForm<AdminCourse>(id ? `/admin/courses/${encodeURIComponent(id)}` : '/admin/courses', {
    method: id ? 'PUT' : 'POST',
    data: fields,
    files: { cover },
    silent: true,
  });
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['training'] }),
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/admin/courses/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['training'] }),
  });
}
