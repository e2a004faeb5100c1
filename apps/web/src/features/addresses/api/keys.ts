import { userScope } from '../../../shared/api/query-keys';

export const addressKeys = {
  /** Under `user`: dropped when the account changes. */
  mine: () => [...userScope.all, 'addresses'] as const,
};
