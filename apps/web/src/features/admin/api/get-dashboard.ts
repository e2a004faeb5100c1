import type { NotificationSettings, SalesPeriod } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../shared/api/routes/admin';
import { notificationsApi } from '../../../shared/api/routes/notifications';
import { adminKeys } from './keys';

/** `GET /admin/sales`: paid orders and revenue per day/week/month plus the top goods and lessons. */
export const salesQueryOptions = (period: SalesPeriod) =>
  queryOptions({
    queryKey: adminKeys.sales(period),
    queryFn: () => adminApi.sales({ query: { period } }).then((reply) => reply.data),
    staleTime: 30_000,
  });

export function useSales(period: SalesPeriod) {
  return useQuery({ ...salesQueryOptions(period), placeholderData: keepPreviousData });
}

/** `GET /admin/needs-action`: what waits for the owner. */
export function useNeedsAction() {
  return useQuery({
    queryKey: adminKeys.needsAction(),
    queryFn: () => adminApi.needsAction().then((reply) => reply.data),
    staleTime: 30_000,
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: adminKeys.notifications(),
    queryFn: () => notificationsApi.listAdminNotifications().then((reply) => reply.data),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) =>
      (await notificationsApi.putAdminNotifications({ body: settings }, { silent: true })).data,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.notifications(), saved),
  });
}
