import type {
  AdminCustomRequestsQuery,
  CreateCustomRequestBody,
  CustomQuoteBody,
  CustomRequest,
  CustomRequestStatus,
  Order,
} from '@atelier/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';

export type { CustomRequest };

/** Under ['user']: removed with the rest of the account's data when the user changes. */
const MINE_KEY = ['user', 'custom-orders'];
const ADMIN_KEY = ['admin', 'custom-orders'];

/** POST /custom-orders: the fields as the `data` part, the photos as `photos` files. */
export async function createCustomRequest(input: { body: CreateCustomRequestBody; photos: File[] }) {
  const form = new FormData();
  form.set('data', JSON.stringify(input.body));
  for (const photo of input.photos) form.append('photos', photo);
  const { data, message } = await apiRequest<CustomRequest>('/custom-orders', {
    method: 'POST',
    body: form,
    silent: true,
  });
  return { request: data, message };
}

export function useCreateCustomRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MINE_KEY }),
  });
}

/** The customer's requests; only in the browser. */
export function useMyCustomRequests() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest<CustomRequest[]>('/custom-orders/mine', { signal, silent: true })).data,
    enabled: hydrated && session.status === 'authenticated',
  });
}

export function useMyCustomRequest(id: string) {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({
    queryKey: [...MINE_KEY, id],
    queryFn: async ({ signal }) =>
      (await apiRequest<CustomRequest>(`/custom-orders/${encodeURIComponent(id)}`, { signal, silent: true })).data,
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
      const url = `/custom-orders/${encodeURIComponent(step.id)}/${step.action}`;
      if (step.action === 'pay') {
        const { data } = await apiRequest<{ request: CustomRequest; order: Order }>(url, {
          method: 'POST',
          body: { part: step.part },
          silent: true,
        });
        return { request: data.request, order: data.order, message: undefined as string | undefined };
      }
      const { data, message } = await apiRequest<CustomRequest>(url, {
        method: 'POST',
        body: step.action === 'decline' ? { note: step.note } : { quotedAt: step.quotedAt },
        silent: true,
      });
      return { request: data, order: null, message };
    },
    onSuccess: ({ request }) => {
      queryClient.setQueryData([...MINE_KEY, request.id], request);
      void queryClient.invalidateQueries({ queryKey: MINE_KEY });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    // Refused (re-quoted or moved on meanwhile): show the request as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: MINE_KEY }),
  });
}

// ---------------------------------------------------------------- admin

export function useAdminCustomRequests(query: { status?: CustomRequestStatus; page: number }) {
  const params: Partial<AdminCustomRequestsQuery> = { page: query.page, limit: 20, status: query.status };
  return useQuery({
    queryKey: [...ADMIN_KEY, 'list', params],
    queryFn: async ({ signal }) => {
      const result = await apiRequest<CustomRequest[]>('/admin/custom-orders', {
        query: params,
        signal,
        silent: true,
      });
      return { items: result.data, meta: result.meta! };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminCustomRequest(id: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, id],
    queryFn: async ({ signal }) =>
      (await apiRequest<CustomRequest>(`/admin/custom-orders/${encodeURIComponent(id)}`, { signal, silent: true }))
        .data,
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
      const body =
        step.action === 'quote' ? step.body : step.action === 'decline' ? { note: step.note } : { status: step.status };
      const { data, message } = await apiRequest<CustomRequest>(
        `/admin/custom-orders/${encodeURIComponent(step.id)}/${step.action}`,
        { method: 'POST', body, silent: true },
      );
      return { request: data, message };
    },
    onSuccess: ({ request }) => {
      queryClient.setQueryData([...ADMIN_KEY, request.id], request);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'list'] });
    },
  });
}
