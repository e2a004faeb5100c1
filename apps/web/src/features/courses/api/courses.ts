import type { Course, CoursePurchase } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { apiGet } from '../../../shared/api/client';

export type { Course, CoursePurchase };

export const fetchCourses = (silent = false) => apiGet<Course[]>('/training/courses', undefined, undefined, { silent });

/** `purchased`, `credit` and `priceForYou` depend on who asks: the app invalidates ['training'] on a user change. */
export const coursesQueryOptions = () =>
  queryOptions({ queryKey: ['training', 'courses'], queryFn: () => fetchCourses() });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}

export const fetchCourse = (id: string) => apiGet<Course>(`/training/courses/${encodeURIComponent(id)}`);

export const courseQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['training', 'course', id], queryFn: () => fetchCourse(id) });

export function useCourse(id: string | null) {
  return useQuery({ ...courseQueryOptions(id ?? ''), enabled: id !== null });
}

/** The user's courses and master classes; a 404 (server without courses) is an empty list. */
export async function fetchCoursePurchases(): Promise<CoursePurchase[]> {
  try {
    return (
      (await apiGet<CoursePurchase[] | null>('/training/course-purchases', undefined, undefined, { silent: true })) ??
      []
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useCoursePurchases(enabled = true) {
  return useQuery({ queryKey: ['training', 'course-purchases'], queryFn: fetchCoursePurchases, enabled });
}
