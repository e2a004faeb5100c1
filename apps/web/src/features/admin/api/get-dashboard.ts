import type {
  AdminNeedsAction,
  AdminSales,
  NotificationSettings,
  NotificationSettingsView,
  SalesPeriod,
} from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

/** `GET /admin/sales`: paid orders and revenue per day/week/month plus the top goods and lessons. */
export const salesQueryOptions = (period: SalesPeriod) =>
  queryOptions({
    queryKey: ['admin', 'sales', period],
    queryFn: () => apiGet<AdminSales>('/admin/sales', { period }),
    staleTime: 30_000,
  });

export function useSales(period: SalesPeriod) {
  return useQuery({ ...salesQueryOptions(period), placeholderData: keepPreviousData });
}

/** `GET /admin/needs-action`: what waits for the owner. */
export function useNeedsAction() {
  return useQuery({
    queryKey: ['admin', 'needs-action'],
    queryFn: () => apiGet<AdminNeedsAction>('/admin/needs-action'),
    staleTime: 30_000,
  });
}

const SETTINGS_KEY = ['admin', 'notifications'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiGet<NotificationSettingsView>('/admin/notifications'),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) =>
      (
        await apiRequest<NotificationSettingsView>('/admin/notifications', {
          method: 'PUT',
          body: settings,
          silent: true,
        })
      ).data,
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
