import { queryOptions, useQuery } from '@tanstack/react-query';
import { lessonsApi } from '../../../shared/api/routes/lessons';
import { lessonKeys } from './keys';

export const fetchLesson = (id: string) =>
  lessonsApi.getTrainingLessons({ params: { id } }).then((reply) => reply.data);

export const lessonQueryOptions = (id: string) =>
  queryOptions({ queryKey: lessonKeys.one(id), queryFn: () => fetchLesson(id) });

export function useLesson(id: string | null) {
  return useQuery({ ...lessonQueryOptions(id ?? ''), enabled: id !== null });
}
