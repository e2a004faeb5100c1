import type { AuthResult, VerifyEmailBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';
import { i18n } from '../../../shared/i18n/i18n';
import { deferWelcome } from '../../../shared/intent/use-sign-in-for';
import { toast } from '../../../shared/ui/toast';
import { startSession } from './auth-session';

export async function verifyEmail(body: VerifyEmailBody) {
  const { data, message } = await authApi.createVerifyEmail({ body }, { silent: true });
  return { ...data, message };
}

/** What the reset page reads from the navigation state: why it asks for a password. */
export interface SetPasswordState {
  contested: true;
}

/**
 * The set-password page a verification leads to when the server kept no password (two people
 * registered the address with different passwords), or null after an ordinary verification.
 */
export function setPasswordPath(result: Pick<AuthResult, 'mustSetPassword' | 'setPasswordToken'>): string | null {
  return result.mustSetPassword && result.setPasswordToken
    ? `/reset-password/${encodeURIComponent(result.setPasswordToken)}`
    : null;
}

/**
 * Success logs the user in; the toast comes first (see useLogin: the form unmounts at once). Not
 * when a password must be set first: setting it ends every session, this one included, so the
 * person goes on to the set-password page and then logs in with the new password.
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (result) => {
      const { user, token, message } = result;
      const welcome = message ?? i18n.t('auth.verified');
      const signsIn = Boolean(token && user && !setPasswordPath(result));
      // Signed in with an action waiting: one toast later says both (see useLogin).
      if (!(signsIn && deferWelcome(welcome))) toast.success(welcome);
      if (token && user && signsIn) startSession(user, token);
    },
  });
}
