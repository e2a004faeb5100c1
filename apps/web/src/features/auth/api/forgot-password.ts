import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export async function forgotPassword(body: { email: string }): Promise<{ message?: string }> {
  const { message } = await apiRequest<unknown>('/auth/forgot-password', { method: 'POST', body, silent: true });
  return { message };
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
