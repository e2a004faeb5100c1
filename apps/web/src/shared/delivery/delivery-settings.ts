import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { deliveryApi } from '../api/routes/delivery';
import { localStore } from '../storage/browser-storage';
import { deliveryKeys } from './keys';

/*
 * The shop's delivery settings (where parcels go, the workshop for pickup) and the country the
 * customer said she lives in. Shared, not a feature's: the cart estimates delivery with them, the
 * checkout asks for the address with them and the admin edits them.
 */

export const deliverySettingsQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.settings(),
    queryFn: async () => (await deliveryApi.settings({}, { silent: true })).data,
    staleTime: 5 * 60_000,
  });

/** The settings; the shop's defaults while they load (so nothing on the page waits on them). */
export function useDeliverySettings(): {
  settings: DeliverySettings;
  query: ReturnType<typeof useQuery<DeliverySettings>>;
} {
  const query = useQuery(deliverySettingsQueryOptions());
  return { settings: query.data ?? DEFAULT_DELIVERY_SETTINGS, query };
}

/** `PUT /admin/delivery`: the owner's settings, whole. */
export function useSaveDeliverySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeliverySettings) => (await deliveryApi.adminSave({ body })).data,
    onSuccess: (saved) => client.setQueryData(deliverySettingsQueryOptions().queryKey, saved),
  });
}

const COUNTRY_KEY = 'atelier.delivery-country';
const listeners = new Set<() => void>();

/** The country (ISO code) the customer chose on the cart or at checkout; null = not chosen (Russia is assumed). */
export function useDeliveryCountry(): [string | null, (code: string | null) => void] {
  const country = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => localStore.get(COUNTRY_KEY),
    () => null,
  );
  return [country, setDeliveryCountry];
}

function setDeliveryCountry(code: string | null): void {
  if (code === localStore.get(COUNTRY_KEY)) return;
  if (code) localStore.set(COUNTRY_KEY, code);
  else localStore.remove(COUNTRY_KEY);
  for (const listener of listeners) listener();
}
