import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forgetAccount } from '../../../shared/api/query-keys';
import { authApi } from '../../../shared/api/routes/auth';
import { intentStore } from '../../../shared/intent/intent-store';
import { endSessionLeaving } from './auth-session';

export async function logout(): Promise<void> {
  // The server revokes the token; the local session ends even if that call fails.
  await authApi.logout({}, { silent: true, noSessionRedirect: true }).catch(() => undefined);
}

/** Signs out and takes her to `leave`'s page (see `endSessionLeaving`). */
export function useLogout(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await endSessionLeaving(leave);
      // Half-filled forms and waiting actions stay with the person, not on a shared computer.
      intentStore.clearAll();
      forgetAccount(queryClient);
    },
  });
}
