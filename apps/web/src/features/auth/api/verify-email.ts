import type { AuthResult, VerifyEmailBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { startSession } from './auth-session';

export async function verifyEmail(body: VerifyEmailBody) {
  const { data, message } = await apiRequest<AuthResult>('/auth/verify-email', {
    method: 'POST',
    body,
    silent: true,
  });
  return { ...data, message };
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user, token }) => {
      if (token && user) startSession(user, token);
    },
  });
}
