import type { LessonCompletion } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export type { LessonCompletion };

/** GET /admin/progress/lessons: per lesson, its purchasers and how many started and completed it. */
export const fetchLessonCompletion = () => apiGet<LessonCompletion[]>('/admin/progress/lessons');

export const lessonCompletionQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'progress', 'lessons'], queryFn: fetchLessonCompletion });

/** Completion by lesson id; a lesson nobody owns is absent (no purchasers). */
export function useLessonCompletion() {
  return useQuery({
    ...lessonCompletionQueryOptions(),
    select: (rows) => new Map(rows.map((row) => [row.lessonId, row])),
  });
}
