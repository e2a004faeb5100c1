import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';

export async function forgotPassword(body: { email: string }): Promise<{ message?: string }> {
  const { message } = await authApi.forgotPassword({ body }, { silent: true });
  return { message };
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
