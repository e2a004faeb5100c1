import type { Lesson } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchLessons = (silent = false) => apiGet<Lesson[]>('/training/lessons', undefined, undefined, { silent });

/** `purchased` depends on who asks: the app invalidates ['training'] whenever the user changes. */
export const lessonsQueryOptions = () =>
  queryOptions({ queryKey: ['training', 'lessons'], queryFn: () => fetchLessons() });

export function useLessons() {
  return useQuery(lessonsQueryOptions());
}
