import type { VerifyLinkBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';
import { startSession } from './auth-session';
import { setPasswordPath } from './verify-email';

/** The confirm page's one click: the emailed link's token verifies the address and signs in. */
export async function verifyEmailLink(body: VerifyLinkBody) {
  const { data, message } = await authApi.verifyEmailLink({ body }, { silent: true });
  return { ...data, message };
}

/**
 * The emailed link lands on `/auth/verify-link#token=…`; the fragment never reaches a server.
 * Null when it carries no token of the right shape (base64url, as the server issues them).
 */
export function linkTokenFromHash(hash: string): string | null {
  const raw = /(?:^#|&)token=([^&]*)/.exec(hash)?.[1];
  return raw && /^[\w-]{20,100}$/.test(raw) ? raw : null;
}

export function useVerifyEmailLink() {
  return useMutation({
    mutationFn: verifyEmailLink,
    // As useVerifyEmail: no session when a password must be set first (setting it ends them all).
    onSuccess: (result) => {
      if (result.token && result.user && !setPasswordPath(result)) startSession(result.user, result.token);
    },
  });
}
