import type { PromoCodeWrite } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trainingScope } from '../../../shared/api/query-keys';
import { promoCodesApi } from '../../../shared/api/routes/promo-codes';
import { promoCodeKeys } from './keys';

/** Promo codes live under the training queries: a saved code changes what lessons and courses quote. */
function useInvalidateTraining() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: trainingScope.all });
}

export const adminPromoCodesQueryOptions = () =>
  queryOptions({
    queryKey: promoCodeKeys.adminList(),
    queryFn: () => promoCodesApi.listAdminPromoCodes().then((reply) => reply.data),
    staleTime: 0,
  });

export function useAdminPromoCodes() {
  return useQuery(adminPromoCodesQueryOptions());
}

export function useSavePromoCode() {
  const invalidate = useInvalidateTraining();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: PromoCodeWrite }) =>
      id
        ? promoCodesApi.putAdminPromoCodes({ params: { id }, body: fields }, { silent: true })
        : promoCodesApi.createAdminPromoCodes({ body: fields }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeletePromoCode() {
  const invalidate = useInvalidateTraining();
  return useMutation({
    mutationFn: (id: string) => promoCodesApi.deleteAdminPromoCodes({ params: { id } }, { silent: true }),
    onSuccess: invalidate,
  });
}
