import type { Lesson } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchLesson = (id: string) => apiGet<Lesson>(`/training/lessons/${encodeURIComponent(id)}`);

export const lessonQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['training', 'lesson', id], queryFn: () => fetchLesson(id) });

export function useLesson(id: string | null) {
  return useQuery({ ...lessonQueryOptions(id ?? ''), enabled: id !== null });
}
