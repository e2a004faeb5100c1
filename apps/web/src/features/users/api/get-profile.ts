import type { User } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi } from '../../../shared/api/routes/users';
import { userKeys } from './keys';

/** The server may wrap the user (`{ user }`) or send it bare; both read the same. */
export async function fetchProfile(silent = false): Promise<User> {
  const data = (await usersApi.listUserProfile({}, { silent })).data;
  return 'user' in data ? data.user : data;
}

export const profileQueryOptions = () => queryOptions({ queryKey: userKeys.profile(), queryFn: () => fetchProfile() });

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
