import type { AuthResult, VerifyEmailBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast';
import { startSession } from './auth-session';

export async function verifyEmail(body: VerifyEmailBody) {
  const { data, message } = await apiRequest<AuthResult>('/auth/verify-email', {
    method: 'POST',
    body,
    silent: true,
  });
  return { ...data, message };
}

/** Success logs the user in; the toast comes first (see useLogin: the form unmounts at once). */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user, token, message }) => {
      toast.success(message ?? i18n.t('auth.verified'));
      if (token && user) startSession(user, token);
    },
  });
}
