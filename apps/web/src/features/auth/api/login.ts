import type { LoginBody, User } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';
import { i18n } from '../../../shared/i18n/i18n';
import { deferWelcome } from '../../../shared/intent/use-sign-in-for';
import { toast } from '../../../shared/ui/toast';
import { startSession } from './auth-session';

export async function login(body: LoginBody): Promise<{ user: User; token: string; message?: string }> {
  const { data, message } = await authApi.login({ body }, { silent: true });
  return { ...data, message };
}

/**
 * The toast is given here, before the session starts: starting it re-renders /auth into a redirect,
 * which unmounts the form, and a form's own `mutate(…, { onSuccess })` would then never run.
 */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, token, message }) => {
      // With an action waiting (a bouquet for the cart), one toast later says both.
      const welcome = message ?? i18n.t('auth.loggedIn');
      if (!deferWelcome(welcome)) toast.success(welcome);
      startSession(user, token);
    },
  });
}
