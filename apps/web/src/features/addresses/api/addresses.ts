import type { SavedAddress } from '@atelier/shared';
import type { addressesContract } from '@atelier/shared/addresses.contract';
import { addressesRouteTable } from '@atelier/shared/addresses.routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { endpoints } from '../../../shared/api/endpoints';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { toast } from '../../../shared/ui/toast';
import { addressKeys } from './keys';

export type { SavedAddress };

const addressesApi = endpoints<typeof addressesContract>(addressesRouteTable);

/** Her remembered delivery addresses, most recently used first; `enabled` false for a guest. */
export function useSavedAddresses(enabled: boolean) {
  return useQuery({
    queryKey: addressKeys.mine(),
    queryFn: async () => (await addressesApi.list({}, { silent: true })).data,
    enabled,
  });
}

/** Forget one address; the list follows the server. */
export function useForgetAddress() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (id: string) => {
      await addressesApi.remove({ params: { id } });
    },
    onSuccess: () => toast.success(t('account.addressForgotten')),
    onError: (error) => toast.error(errorMessage(error, t('account.addressForgetFailed'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.mine() }),
  });
}

/** After an order that remembered her details: her book and profile changed on the server. */
export function useAddressesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.mine() });
}
