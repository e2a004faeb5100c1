import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';

export async function resetPassword({ token, password }: { token: string; password: string }) {
  const { message } = await authApi.resetPassword({ params: { token }, body: { password } }, { silent: true });
  return { message };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
