import { userScope } from '../../../shared/api/query-keys';

export const favouriteKeys = {
  /** Under `user`: dropped when the account changes. */
  mine: () => [...userScope.all, 'favourites'] as const,
};
