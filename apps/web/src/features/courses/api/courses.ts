import type { Course, CoursePurchase } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { coursesApi } from '../../../shared/api/routes/courses';
import { courseKeys } from './keys';

export type { Course, CoursePurchase };

export const fetchCourses = (silent = false) =>
  coursesApi.listTrainingCourses({}, { silent }).then((reply) => reply.data);

/** `purchased`, `credit` and `priceForYou` depend on who asks: the app invalidates the `training` prefix on a user change. */
export const coursesQueryOptions = () => queryOptions({ queryKey: courseKeys.list(), queryFn: () => fetchCourses() });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}

export const fetchCourse = (id: string) =>
  coursesApi.getTrainingCourses({ params: { id } }).then((reply) => reply.data);

export const courseQueryOptions = (id: string) =>
  queryOptions({ queryKey: courseKeys.one(id), queryFn: () => fetchCourse(id) });

export function useCourse(id: string | null) {
  return useQuery({ ...courseQueryOptions(id ?? ''), enabled: id !== null });
}

/** The user's courses and master classes; a 404 (server without courses) is an empty list. */
export async function fetchCoursePurchases(): Promise<CoursePurchase[]> {
  try {
    return (await coursesApi.trainingCoursePurchases({}, { silent: true })).data ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useCoursePurchases(enabled = true) {
  return useQuery({ queryKey: courseKeys.purchases(), queryFn: fetchCoursePurchases, enabled });
}
