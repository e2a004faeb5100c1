import type { LessonCompletion } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { progressApi } from '../../../shared/api/routes/progress';
import { progressKeys } from './keys';

export type { LessonCompletion };

/** GET /admin/progress/lessons: per lesson, its purchasers and how many started and completed it. */
export const fetchLessonCompletion = () => progressApi.adminProgressLessons().then((reply) => reply.data);

export const lessonCompletionQueryOptions = () =>
  queryOptions({ queryKey: progressKeys.adminLessons(), queryFn: fetchLessonCompletion });

/** Completion by lesson id; a lesson nobody owns is absent (no purchasers). */
export function useLessonCompletion() {
  return useQuery({
    ...lessonCompletionQueryOptions(),
    select: (rows) => new Map(rows.map((row) => [row.lessonId, row])),
  });
}
