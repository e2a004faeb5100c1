import { queryOptions, useQuery } from '@tanstack/react-query';
import { lessonsApi } from '../../../shared/api/routes/lessons';
import { lessonKeys } from './keys';

export const fetchLessons = (silent = false) =>
  lessonsApi.listTrainingLessons({}, { silent }).then((reply) => reply.data);

/** `purchased` depends on who asks: the app invalidates the `training` prefix whenever the user changes. */
export const lessonsQueryOptions = () => queryOptions({ queryKey: lessonKeys.list(), queryFn: () => fetchLessons() });

export function useLessons() {
  return useQuery(lessonsQueryOptions());
}
