import type { AdminLesson, LessonWrite } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';
import { type UploadProgress, uploadForm } from '../../../shared/api/upload';

export const adminLessonsQueryOptions = () =>
  queryOptions({
    queryKey: ['training', 'admin', 'lessons'],
    queryFn: () => apiGet<AdminLesson[]>('/admin/lessons'),
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
  return uploadForm<AdminLesson>(id ? `/admin/lessons/${encodeURIComponent(id)}` : '/admin/lessons', {
    method: id ? 'PUT' : 'POST',
    data: fields,
    files: { ...files },
    onProgress,
    silent: true,
  });
}

function useInvalidateTraining() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['training'] });
}

export function useSaveLesson() {
  const invalidate = useInvalidateTraining();
  return useMutation({ mutationFn: saveLesson, onSuccess: invalidate });
}

export function useDeleteLesson() {
  const invalidate = useInvalidateTraining();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/admin/lessons/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }),
    onSuccess: invalidate,
  });
}
