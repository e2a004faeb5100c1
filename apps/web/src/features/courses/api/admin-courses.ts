import type { CourseWrite } from '@atelier/shared';
import type { coursesContract } from '@atelier/shared/courses.contract';
import { coursesRouteTable } from '@atelier/shared/courses.routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trainingScope } from '../../../shared/api/query-keys';
import { coursesApi } from '../../../shared/api/routes/courses';
import { uploads } from '../../../shared/api/upload';
import { courseKeys } from './keys';

const courseUploads = uploads<typeof coursesContract, 'createAdminCourses' | 'putAdminCourses'>(coursesRouteTable, [
  'createAdminCourses',
  'putAdminCourses',
]);

export const adminCoursesQueryOptions = () =>
  queryOptions({
    queryKey: courseKeys.adminList(),
    queryFn: () => coursesApi.listAdminCourses().then((reply) => reply.data),
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
  const form = { data: fields, files: { cover }, silent: true };
  return id ? courseUploads.putAdminCourses({ params: { id } }, form) : courseUploads.createAdminCourses({}, form);
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingScope.all }),
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => coursesApi.deleteAdminCourses({ params: { id } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingScope.all }),
  });
}
