import type { User } from '@atelier/shared';
import { apiRequest } from '../../../shared/api/client';

export async function fetchMe(): Promise<User> {
  const { data } = await apiRequest<{ user: User }>('/auth/me', { silent: true, noSessionRedirect: true });
  return data.user;
}
