import type { AdminCustomRequestsQuery } from '@atelier/shared';
import { adminScope, userScope } from '../../../shared/api/query-keys';

export const customOrderKeys = {
  /** The customer's requests; under `user`, dropped when the account changes. Covers each `mineOne`. */
  mine: () => [...userScope.all, 'custom-orders'] as const,
  mineOne: (id: string) => [...customOrderKeys.mine(), id] as const,
  /** Under the shared `admin` prefix; covers the lists and each request. */
  admin: () => [...adminScope.all, 'custom-orders'] as const,
  /** Every page of the owner's list, and none of the requests. */
  adminLists: () => [...customOrderKeys.admin(), 'list'] as const,
  adminList: (params: Partial<AdminCustomRequestsQuery>) => [...customOrderKeys.adminLists(), params] as const,
  adminOne: (id: string) => [...customOrderKeys.admin(), id] as const,
};
