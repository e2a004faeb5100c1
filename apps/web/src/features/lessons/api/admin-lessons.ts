import type { LessonWrite } from '@atelier/shared';
import type { lessonsAdminContract } from '@atelier/shared/lessons-admin.contract';
import { lessonsAdminRouteTable } from '@atelier/shared/lessons-admin.routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trainingScope } from '../../../shared/api/query-keys';
import { lessonsAdminApi } from '../../../shared/api/routes/lessons-admin';
import { type UploadProgress, uploads } from '../../../shared/api/upload';
import { lessonKeys } from './keys';

const lessonUploads = uploads<typeof lessonsAdminContract, 'createAdminLessons' | 'putAdminLessons'>(
  lessonsAdminRouteTable,
  ['createAdminLessons', 'putAdminLessons'],
);

export const adminLessonsQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.adminList(),
    queryFn: () => lessonsAdminApi.listAdminLessons().then((reply) => reply.data),
    staleTime: 0,
  });

export function useAdminLessons() {
  return useQuery(adminLessonsQueryOptions());
}

export interface LessonFilesInput {
  video?: File | null;
  /** The public preview clip (a short trailer of its own). */
  preview?: File | null;
  poster?: File | null;
  methodology_ru?: File | null;
  methodology_en?: File | null;
  methodology_es?: File | null;
}

export interface SaveLessonInput {
  id: string | null;
  fields: LessonWrite;
  files: LessonFilesInput;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /admin/lessons or PUT /admin/lessons/{id}: multipart `data` + video/poster/methodology files (XHR, with progress). */
export async function saveLesson({ id, fields, files, onProgress }: SaveLessonInput) {
  const form = { data: fields, files: { ...files }, onProgress, silent: true };
  return id ? lessonUploads.putAdminLessons({ params: { id } }, form) : lessonUploads.createAdminLessons({}, form);
}

function useInvalidateTraining() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trainingScope.all });
}

export function useSaveLesson() {
  const invalidate = useInvalidateTraining();
  return useMutation({ mutationFn: saveLesson, onSuccess: invalidate });
}

export function useDeleteLesson() {
  const invalidate = useInvalidateTraining();
  return useMutation({
    mutationFn: (id: string) => lessonsAdminApi.deleteAdminLessons({ params: { id } }, { silent: true }),
    onSuccess: invalidate,
  });
}
