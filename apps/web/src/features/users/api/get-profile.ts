import type { User } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

/** The server may wrap the user (`{ user }`) or send it bare; both read the same. */
export async function fetchProfile(silent = false): Promise<User> {
  const data = await apiGet<User | { user: User }>('/user/profile', undefined, undefined, { silent });
  return 'user' in data ? data.user : data;
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['user', 'profile'], queryFn: () => fetchProfile() });

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
