import type { LessonPurchase } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { lessonsApi } from '../../../shared/api/routes/lessons';
import { lessonKeys } from './keys';

export type { LessonPurchase };

/** The user's lessons. A 404 (a server without lesson sales yet) is an empty list, quietly. */
export async function fetchPurchases(): Promise<LessonPurchase[]> {
  try {
    return (await lessonsApi.trainingPurchases({}, { silent: true })).data ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const purchasesQueryOptions = () => queryOptions({ queryKey: lessonKeys.purchases(), queryFn: fetchPurchases });

export function usePurchases(enabled = true) {
  return useQuery({ ...purchasesQueryOptions(), enabled });
}
