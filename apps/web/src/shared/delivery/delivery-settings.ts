import { type CdekCity, DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
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

/**
 * One remembered string in the browser's storage, read by every component that shows it: a change
 * anywhere (the cart, the checkout) redraws them all.
 */
function rememberedValue(key: string) {
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const set = (value: string | null) => {
    if (value === localStore.get(key)) return;
    if (value) localStore.set(key, value);
    else localStore.remove(key);
    for (const listener of listeners) listener();
  };
  const use = () =>
    useSyncExternalStore(
      subscribe,
      () => localStore.get(key),
      () => null,
    );
  return { use, set };
}

const country = rememberedValue('atelier.delivery-country');

/** The country (ISO code) the customer chose on the cart or at checkout; null = not chosen (Russia is assumed). */
export function useDeliveryCountry(): [string | null, (code: string | null) => void] {
  return [country.use(), country.set];
}

const city = rememberedValue('atelier.delivery-city');

/** A stored city read back; anything else (an older shape, an edited value) is no city. */
function parseCity(stored: string | null): CdekCity | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<CdekCity>;
    if (!Number.isInteger(value.code) || typeof value.city !== 'string') return null;
    return {
      code: value.code as number,
      city: value.city,
      region: typeof value.region === 'string' ? value.region : null,
    };
  } catch {
    return null;
  }
}

/**
 * The CDEK city the customer picked on the cart (for the delivery price) or at checkout (for the
 * pickup points): the other one starts from it, so she never types it twice.
 */
export function useDeliveryCity(): [CdekCity | null, (next: CdekCity | null) => void] {
  const stored = city.use();
  const value = useMemo(() => parseCity(stored), [stored]);
  return [value, (next) => city.set(next ? JSON.stringify(next) : null)];
}
