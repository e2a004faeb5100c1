import { userScope } from '../../../shared/api/query-keys';

export const stockAlertKeys = {
  /** Under `user`: dropped when the account changes. */
  mine: () => [...userScope.all, 'stock-alerts'] as const,
};
