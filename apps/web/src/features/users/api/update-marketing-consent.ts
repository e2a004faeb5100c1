import type { LegalDocumentRef, User } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { updateSessionUser } from '../../auth/api/auth-session';

export interface MarketingConsentChange {
  consent: boolean;
  /** Opting in: the version of the consent text the page showed. */
  document?: LegalDocumentRef | undefined;
}

/** The account's opt-in to reminders and news by email. */
export async function updateMarketingConsent(change: MarketingConsentChange) {
  const { data, message } = await apiRequest<{ user: User }>('/user/marketing-consent', {
    method: 'PUT',
    body: change,
    silent: true,
  });
  return { user: data.user, message };
}

export function useUpdateMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketingConsent,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(['user', 'profile'], user);
      updateSessionUser(user);
    },
  });
}
