import { useQuery } from '@tanstack/react-query';
import { legalApi } from '../api/routes/legal';
import { standingConsentKeys } from './keys';

/*
 * Apart from legal-api.ts, which every page loads (the footer, the cookie banner): only the
 * checkout and the purchase dialog ask which consents stand.
 */

/**
 * `GET /user/consents`: what the signed-in account has consented to, to the text in force, so a
 * form shows it as given (with its date) instead of asking again. `enabled` false for a guest.
 */
export function useStandingConsents(enabled: boolean) {
  return useQuery({
    queryKey: standingConsentKeys.all,
    queryFn: () => legalApi.userConsents({}, { silent: true }).then((reply) => reply.data),
    enabled,
  });
}
