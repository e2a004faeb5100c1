import type { LessonPurchase } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { apiGet } from '../../../shared/api/client';

export type { LessonPurchase };

/** The user's lessons. A 404 (a server without lesson sales yet) is an empty list, quietly. */
export async function fetchPurchases(): Promise<LessonPurchase[]> {
  try {
    return (await apiGet<LessonPurchase[] | null>('/training/purchases', undefined, undefined, { silent: true })) ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const purchasesQueryOptions = () =>
  queryOptions({ queryKey: ['training', 'purchases'], queryFn: fetchPurchases });

export function usePurchases(enabled = true) {
  return useQuery({ ...purchasesQueryOptions(), enabled });
}
