import type { About } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchAbout = () => apiGet<About>('/landing/about');

export const aboutQueryOptions = () => queryOptions({ queryKey: ['landing', 'about'], queryFn: fetchAbout });

export function useAbout() {
  return useQuery(aboutQueryOptions());
}
