import type { DeleteAccountBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../shared/api/routes/users';

/** DELETE /user/account: the password confirms it; orders are kept anonymised by the server. */
export async function deleteAccount(body: DeleteAccountBody): Promise<{ message?: string }> {
  const { message } = await usersApi.userAccount({ body }, { silent: true });
  return { message };
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
