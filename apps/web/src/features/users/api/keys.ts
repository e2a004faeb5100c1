import { userScope } from '../../../shared/api/query-keys';

export const userKeys = {
  /** Under `user`: dropped when the account changes. */
  profile: () => [...userScope.all, 'profile'] as const,
};
