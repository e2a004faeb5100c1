import type { PlayerSettings } from '@atelier/shared/lesson-player.constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../shared/api/client';

/**
 * The learner's player settings (speed, mirror, subtitles), kept on the account so every lesson
 * and every device starts with them. A failed read plays with the defaults; a failed save is
 * silent (the player keeps the choice for this visit).
 */
export const fetchPlayerSettings = () =>
  apiGet<PlayerSettings>('/training/player-settings', undefined, undefined, { silent: true });

export const playerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['player-settings'],
    queryFn: fetchPlayerSettings,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function usePlayerSettings() {
  return useQuery(playerSettingsQueryOptions());
}

export function useSavePlayerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PlayerSettings) =>
      apiRequest<PlayerSettings>('/training/player-settings', { method: 'PUT', body: settings, silent: true }),
    onMutate: (settings) => queryClient.setQueryData(playerSettingsQueryOptions().queryKey, settings),
  });
}
