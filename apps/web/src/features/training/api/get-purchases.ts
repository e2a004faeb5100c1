import type { Lesson } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export interface LessonPurchase {
  id?: string;
  lesson: Lesson;
  purchasedAt: string;
}

export const fetchPurchases = () => apiGet<LessonPurchase[]>('/training/purchases');

export const purchasesQueryOptions = () =>
  queryOptions({ queryKey: ['training', 'purchases'], queryFn: fetchPurchases });

export function usePurchases(enabled = true) {
  return useQuery({ ...purchasesQueryOptions(), enabled });
}
