import type { StockAlert } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stockAlertsApi } from '../../../shared/api/routes/stock-alerts';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';
import { stockAlertKeys } from './keys';

export type { StockAlert };

/** The signed-in customer's waiting alerts. */
export async function fetchMyAlerts(): Promise<StockAlert[]> {
  return (await stockAlertsApi.list({}, { silent: true })).data ?? [];
}

export const myAlertsQueryOptions = () => queryOptions({ queryKey: stockAlertKeys.mine(), queryFn: fetchMyAlerts });

/** Loaded only for a signed-in customer, and only in the browser (never in the server render). */
export function useMyAlerts() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({ ...myAlertsQueryOptions(), enabled: hydrated && session.status === 'authenticated' });
}

/** "Notify me": signed in, the account's address; otherwise `email`, confirmed from a mailed link. */
export async function subscribeToAlert(body: { productId: string; email?: string }) {
  const { data, message } = await stockAlertsApi.create({ body }, { silent: true });
  return { alert: data, message };
}

export function useSubscribeToAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeToAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.mine() }),
  });
}

export async function cancelAlert(productId: string) {
  const { message } = await stockAlertsApi.delete({ params: { productId } }, { silent: true });
  return { message };
}

export function useCancelAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAlert,
    onSuccess: (_result, productId) => {
      queryClient.setQueryData<StockAlert[]>(stockAlertKeys.mine(), (list) =>
        list?.filter((a) => a.productId !== productId),
      );
      return queryClient.invalidateQueries({ queryKey: stockAlertKeys.mine() });
    },
  });
}

/** The emailed links' one click: `confirm` subscribes the address, `unsubscribe` stops its alerts. */
export async function postAlertLink(action: 'confirm' | 'unsubscribe', token: string) {
  const post = action === 'confirm' ? stockAlertsApi.confirm : stockAlertsApi.unsubscribe;
  const { data, message } = await post({ body: { token } }, { silent: true });
  return { alert: data, message };
}

export function useAlertLink(action: 'confirm' | 'unsubscribe') {
  return useMutation({ mutationFn: (token: string) => postAlertLink(action, token) });
}
