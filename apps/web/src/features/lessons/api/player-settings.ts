import type { PlayerSettings } from '@atelier/shared/lesson-player.constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lessonsApi } from '../../../shared/api/routes/lessons';
import { useSession } from '../../auth/api/auth-session';
import { lessonKeys } from './keys';

/**
 * The learner's player settings (speed, mirror, subtitles), kept on the account so every lesson
 * and every device starts with them. A failed read plays with the defaults; a failed save is
 * silent (the player keeps the choice for this visit).
 */
export const fetchPlayerSettings = () =>
  lessonsApi.listTrainingPlayerSettings({}, { silent: true }).then((reply) => reply.data);

export const playerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.playerSettings(),
    queryFn: fetchPlayerSettings,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** Read only while signed in: after a sign-out the next account never gets the last one's. */
export function usePlayerSettings() {
  const session = useSession();
  return useQuery({ ...playerSettingsQueryOptions(), enabled: session.status === 'authenticated' });
}

export function useSavePlayerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PlayerSettings) =>
      lessonsApi.putTrainingPlayerSettings({ body: settings }, { silent: true }),
    onMutate: (settings) => queryClient.setQueryData(playerSettingsQueryOptions().queryKey, settings),
  });
}
