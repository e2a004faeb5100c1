import type { ResendVerificationBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';

export async function resendVerification(body: ResendVerificationBody): Promise<{ message?: string }> {
  const { message } = await authApi.resendVerification({ body }, { silent: true });
  return { message };
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
