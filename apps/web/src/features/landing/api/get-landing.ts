import type { LandingSettings } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchLanding = () => apiGet<LandingSettings>('/landing');

export const landingQueryOptions = () => queryOptions({ queryKey: ['landing', 'settings'], queryFn: fetchLanding });

/** Site-wide settings: hero texts, contacts and social links (header, footer, contact section). */
export function useLanding() {
  return useQuery(landingQueryOptions());
}
