import type { LandingSettingsUpdate } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { landingApi } from '../../../shared/api/routes/landing';
import { landingKeys } from './keys';

/** PUT /landing: replaces the site-wide settings. */
export const updateLanding = (settings: LandingSettingsUpdate) => landingApi.put({ body: settings });

export function useUpdateLanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanding,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: landingKeys.all }),
  });
}
