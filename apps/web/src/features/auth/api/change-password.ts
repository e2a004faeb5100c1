import type { ChangePasswordBody } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { saveToken } from '../../../shared/api/token';

/** From the account: the current password proves it is the owner. */
export async function changePassword(body: ChangePasswordBody): Promise<{ message?: string }> {
  const { data, message } = await apiRequest<{ token?: string } | null>('/auth/change-password', {
    method: 'POST',
    body,
    silent: true,
  });
  // If the server rotates this session's token with the password, keep the new one.
  if (data && typeof data.token === 'string' && data.token) saveToken(data.token);
  return { message };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
