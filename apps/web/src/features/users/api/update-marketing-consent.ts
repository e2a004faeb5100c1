import type { LegalDocumentRef } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../shared/api/routes/users';
import { updateSessionUser } from '../../auth/api/auth-session';
import { userKeys } from './keys';

export interface MarketingConsentChange {
  consent: boolean;
  /** Opting in: the version of the consent text the page showed. */
  document?: LegalDocumentRef | undefined;
}

/** The account's opt-in to reminders and news by email. */
export async function updateMarketingConsent(change: MarketingConsentChange) {
  const { data, message } = await usersApi.userMarketingConsent({ body: change }, { silent: true });
  return { user: data.user, message };
}

export function useUpdateMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketingConsent,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userKeys.profile(), user);
      updateSessionUser(user);
    },
  });
}
