import type { LandingSettings, LandingSettingsUpdate } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

/** PUT /landing: replaces the site-wide settings. */
export const updateLanding = (settings: LandingSettingsUpdate) =>
  apiRequest<LandingSettings>('/landing', { method: 'PUT', body: settings });

export function useUpdateLanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanding,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['landing'] }),
  });
}
