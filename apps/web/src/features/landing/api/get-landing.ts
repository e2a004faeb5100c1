import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingApi } from '../../../shared/api/routes/landing';
import { landingKeys } from './keys';

export const fetchLanding = () => landingApi.list().then((reply) => reply.data);

export const landingQueryOptions = () => queryOptions({ queryKey: landingKeys.settings(), queryFn: fetchLanding });

/** Site-wide settings: hero texts, contacts and social links (header, footer, contact section). */
export function useLanding() {
  return useQuery(landingQueryOptions());
}
