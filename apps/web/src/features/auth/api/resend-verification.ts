import type { ResendVerificationBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export async function resendVerification(body: ResendVerificationBody): Promise<{ message?: string }> {
  const { message } = await apiRequest<unknown>('/auth/resend-verification', { method: 'POST', body, silent: true });
  return { message };
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
