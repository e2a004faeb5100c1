import type {
  BuyGiftCertificateBody,
  GiftBalance,
  GiftCertificateOffer,
  MyGiftCertificate,
  Order,
} from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';

export type { GiftBalance, GiftCertificateOffer, MyGiftCertificate };

/** GET /gift-certificates/offer: presets and limits per currency, today and the last delivery day. */
export async function fetchGiftOffer(signal?: AbortSignal): Promise<GiftCertificateOffer> {
  return (await apiRequest<GiftCertificateOffer>('/gift-certificates/offer', { signal })).data;
}

export const giftOfferQueryOptions = () =>
  queryOptions({ queryKey: ['gift-certificates', 'offer'], queryFn: ({ signal }) => fetchGiftOffer(signal) });

export function useGiftOffer() {
  return useQuery(giftOfferQueryOptions());
}

/** POST /gift-certificates: the certificate and its order, which is then paid like any order. */
export async function buyGiftCertificate(body: BuyGiftCertificateBody) {
  const { data, message } = await apiRequest<{ certificate: MyGiftCertificate; order: Order }>('/gift-certificates', {
    method: 'POST',
    body,
    silent: true,
  });
  return { ...data, message };
}

/** Under ['user']: removed with the rest of the account's data when the user changes. */
const MINE_KEY = ['user', 'gift-certificates'];

export function useBuyGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyGiftCertificate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MINE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/**
 * POST /gift-certificates/check: what is left on a code, in its currency. An unknown or stopped
 * code answers 400 with the reason (the caller shows it); too many tries answer 429.
 */
export async function checkGiftBalance(code: string, signal?: AbortSignal): Promise<GiftBalance> {
  const { data } = await apiRequest<GiftBalance>('/gift-certificates/check', {
    method: 'POST',
    body: { code },
    signal,
    silent: true,
  });
  return data;
}

/** The certificates the signed-in customer bought (codes once paid); only in the browser. */
export function useMyGiftCertificates() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<MyGiftCertificate[]>('/gift-certificates/mine', { signal, silent: true })).data,
    enabled: hydrated && session.status === 'authenticated',
  });
}
