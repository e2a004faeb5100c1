import type { BuyGiftCertificateBody, GiftBalance, GiftCertificateOffer, MyGiftCertificate } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ordersScope } from '../../../shared/api/query-keys';
import { giftCertificatesApi } from '../../../shared/api/routes/gift-certificates';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';
import { giftCertificateKeys } from './keys';

export type { GiftBalance, GiftCertificateOffer, MyGiftCertificate };

/** GET /gift-certificates/offer: presets and limits per currency, today and the last delivery day. */
export async function fetchGiftOffer(signal?: AbortSignal): Promise<GiftCertificateOffer> {
  return (await giftCertificatesApi.offer({}, { signal })).data;
}

export const giftOfferQueryOptions = () =>
  queryOptions({ queryKey: giftCertificateKeys.offer(), queryFn: ({ signal }) => fetchGiftOffer(signal) });

export function useGiftOffer() {
  return useQuery(giftOfferQueryOptions());
}

/** POST /gift-certificates: the certificate and its order, which is then paid like any order. */
export async function buyGiftCertificate(body: BuyGiftCertificateBody) {
  const { data, message } = await giftCertificatesApi.create({ body }, { silent: true });
  return { ...data, message };
}

export function useBuyGiftCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyGiftCertificate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: giftCertificateKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: ordersScope.all });
    },
  });
}

/**
 * POST /gift-certificates/check: what is left on a code, in its currency. An unknown or stopped
 * code answers 400 with the reason (the caller shows it); too many tries answer 429.
 */
export async function checkGiftBalance(code: string, signal?: AbortSignal): Promise<GiftBalance> {
  const { data } = await giftCertificatesApi.check({ body: { code } }, { signal, silent: true });
  return data;
}

/** The certificates the signed-in customer bought (codes once paid); only in the browser. */
export function useMyGiftCertificates(wanted = true) {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({
    queryKey: giftCertificateKeys.mine(),
    queryFn: async ({ signal }) => (await giftCertificatesApi.mine({}, { signal, silent: true })).data,
    enabled: wanted && hydrated && session.status === 'authenticated',
  });
}
