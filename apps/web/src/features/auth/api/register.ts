import type { RegisterBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';

/** 201: the account waits for its email code (mailed with a one-click link). */
export async function register(body: RegisterBody): Promise<{ email?: string; message?: string }> {
  const { data, message } = await authApi.register({ body }, { silent: true });
  return { email: data?.email, message };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
