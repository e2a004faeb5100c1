import type { User } from '@atelier/shared';
import { authApi } from '../../../shared/api/routes/auth';

export async function fetchMe(): Promise<User> {
  const { data } = await authApi.me({}, { silent: true, noSessionRedirect: true });
  return data.user;
}
