import type { ChangePasswordBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';

/** From the account: the current password proves it is the owner. */
export async function changePassword(body: ChangePasswordBody): Promise<{ message?: string }> {
  const { message } = await authApi.changePassword({ body }, { silent: true });
  return { message };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
