import type {
  AdminCustomRequestsQuery,
  CreateCustomRequestBody,
  CustomQuoteBody,
  CustomRequest,
  CustomRequestStatus,
} from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customOrdersApi } from '../../../shared/api/routes/custom-orders';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';
import { orderKeys } from '../../orders/api/keys';
import { customOrderKeys } from './keys';

export type { CustomRequest };

/** POST /custom-orders: the fields as the `data` part, the photos as `photos` files. */
export async function createCustomRequest(input: { body: CreateCustomRequestBody; photos: File[] }) {
  const form = new FormData();
  form.set('data', JSON.stringify(input.body));
  for (const photo of input.photos) form.append('photos', photo);
  const { data, message } = await customOrdersApi.create({ form }, { silent: true });
  return { request: data, message };
}

export function useCreateCustomRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customOrderKeys.mine() }),
  });
}

/** The customer's requests; only in the browser. */
export function useMyCustomRequests() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({
    queryKey: customOrderKeys.mine(),
    queryFn: async ({ signal }) => (await customOrdersApi.mine({}, { signal, silent: true })).data,
    enabled: hydrated && session.status === 'authenticated',
  });
}

export function useMyCustomRequest(id: string) {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({
    queryKey: customOrderKeys.mineOne(id),
    queryFn: async ({ signal }) => (await customOrdersApi.get({ params: { id } }, { signal, silent: true })).data,
    enabled: hydrated && session.status === 'authenticated',
  });
}

/** Accept or decline the quote, or get the order of the deposit/balance to pay. */
export function useCustomerStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      step:
        | { id: string; action: 'accept'; quotedAt: string }
        | { id: string; action: 'decline'; note?: string }
        | { id: string; action: 'pay'; part: 'deposit' | 'balance' },
    ) => {
      const options = { silent: true };
      const params = { id: step.id };
      if (step.action === 'pay') {
        const { data } = await customOrdersApi.pay({ params, body: { part: step.part } }, options);
        return { request: data.request, order: data.order, message: undefined as string | undefined };
      }
      const { data, message } =
        step.action === 'decline'
          ? await customOrdersApi.decline({ params, body: { note: step.note } }, options)
          : await customOrdersApi.accept({ params, body: { quotedAt: step.quotedAt } }, options);
      return { request: data, order: null, message };
    },
    onSuccess: ({ request }) => {
      queryClient.setQueryData(customOrderKeys.mineOne(request.id), request);
      void queryClient.invalidateQueries({ queryKey: customOrderKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    // Refused (re-quoted or moved on meanwhile): show the request as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: customOrderKeys.mine() }),
  });
}

// ---------------------------------------------------------------- admin

export function useAdminCustomRequests(query: { status?: CustomRequestStatus; page: number }) {
  const params: Partial<AdminCustomRequestsQuery> = { page: query.page, limit: 20, status: query.status };
  return useQuery({
    queryKey: customOrderKeys.adminList(params),
    queryFn: async ({ signal }) => {
      const result = await customOrdersApi.listAdminCustomOrders({ query: params }, { signal, silent: true });
      return { items: result.data, meta: result.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminCustomRequest(id: string) {
  return useQuery({
    queryKey: customOrderKeys.adminOne(id),
    queryFn: async ({ signal }) =>
      (await customOrdersApi.getAdminCustomOrders({ params: { id } }, { signal, silent: true })).data,
  });
}

/** The admin's steps: a quote, a decline, work started, done. */
export function useAdminStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      step:
        | { id: string; action: 'quote'; body: CustomQuoteBody }
        | { id: string; action: 'decline'; note?: string }
        | { id: string; action: 'status'; status: 'in_work' | 'done' },
    ) => {
      const params = { id: step.id };
      const options = { silent: true };
      const { data, message } =
        step.action === 'quote'
          ? await customOrdersApi.adminCustomOrdersQuote({ params, body: step.body }, options)
          : step.action === 'decline'
            ? await customOrdersApi.adminCustomOrdersDecline({ params, body: { note: step.note } }, options)
            : await customOrdersApi.adminCustomOrdersStatus({ params, body: { status: step.status } }, options);
      return { request: data, message };
    },
    onSuccess: ({ request }) => {
      queryClient.setQueryData(customOrderKeys.adminOne(request.id), request);
      void queryClient.invalidateQueries({ queryKey: customOrderKeys.adminLists() });
    },
  });
}
