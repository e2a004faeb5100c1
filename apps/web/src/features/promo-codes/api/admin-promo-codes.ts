import type { PromoCode, PromoCodeWrite } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

/** Promo codes live under the training queries: a saved code changes what lessons and courses quote. */
function useInvalidateTraining() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['training'] });
}

export const adminPromoCodesQueryOptions = () =>
  queryOptions({
    queryKey: ['training', 'admin', 'promo-codes'],
    queryFn: () => apiGet<PromoCode[]>('/admin/promo-codes'),
    staleTime: 0,
  });

export function useAdminPromoCodes() {
  return useQuery(adminPromoCodesQueryOptions());
}

export function useSavePromoCode() {
  const invalidate = useInvalidateTraining();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: PromoCodeWrite }) =>
      apiRequest<PromoCode>(id ? `/admin/promo-codes/${encodeURIComponent(id)}` : '/admin/promo-codes', {
        method: id ? 'PUT' : 'POST',
        body: fields,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useDeletePromoCode() {
  const invalidate = useInvalidateTraining();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/admin/promo-codes/${encodeURIComponent(id)}`, { method: 'DELETE', silent: true }),
    onSuccess: invalidate,
  });
}
