import type { StockAlert } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';

export type { StockAlert };

/** Under ['user']: removed with the rest of the account's data when the user changes. */
const ALERTS_KEY = ['user', 'stock-alerts'];

/** The signed-in customer's waiting alerts. */
export async function fetchMyAlerts(): Promise<StockAlert[]> {
  return (await apiGet<StockAlert[]>('/stock-alerts', undefined, undefined, { silent: true })) ?? [];
}

export const myAlertsQueryOptions = () => queryOptions({ queryKey: ALERTS_KEY, queryFn: fetchMyAlerts });

/** Loaded only for a signed-in customer, and only in the browser (never in the server render). */
export function useMyAlerts() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({ ...myAlertsQueryOptions(), enabled: hydrated && session.status === 'authenticated' });
}

/** "Notify me": signed in, the account's address; otherwise `email`, confirmed from a mailed link. */
export async function subscribeToAlert(body: { productId: string; email?: string }) {
  const { data, message } = await apiRequest<StockAlert>('/stock-alerts', { method: 'POST', body, silent: true });
  return { alert: data, message };
}

export function useSubscribeToAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeToAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export async function cancelAlert(productId: string) {
  const { message } = await apiRequest<null>(`/stock-alerts/${productId}`, { method: 'DELETE', silent: true });
  return { message };
}

export function useCancelAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAlert,
    onSuccess: (_result, productId) => {
      queryClient.setQueryData<StockAlert[]>(ALERTS_KEY, (list) => list?.filter((a) => a.productId !== productId));
      return queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
    },
  });
}

/** The emailed links' one click: `confirm` subscribes the address, `unsubscribe` stops its alerts. */
export async function postAlertLink(action: 'confirm' | 'unsubscribe', token: string) {
  const { data, message } = await apiRequest<StockAlert | null>(`/stock-alerts/${action}`, {
    method: 'POST',
    body: { token },
    silent: true,
  });
  return { alert: data, message };
}

export function useAlertLink(action: 'confirm' | 'unsubscribe') {
  return useMutation({ mutationFn: (token: string) => postAlertLink(action, token) });
}
