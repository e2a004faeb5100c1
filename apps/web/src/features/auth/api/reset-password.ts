import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export async function resetPassword({ token, password }: { token: string; password: string }) {
  const { message } = await apiRequest<unknown>(`/auth/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password },
    silent: true,
  });
  return { message };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
