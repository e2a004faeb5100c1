import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export async function resendVerification(body: { email: string }): Promise<void> {
  await apiRequest<unknown>('/auth/resend-verification', { method: 'POST', body, silent: true });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
