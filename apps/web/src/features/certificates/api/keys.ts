import { userScope } from '../../../shared/api/query-keys';

export const certificateKeys = {
  /** The learner's certificates; under `user`, dropped when the account changes. */
  mine: () => [...userScope.all, 'certificates'] as const,
  /** The public check of one certificate (the same for everyone). */
  one: (code: string) => ['certificate', code] as const,
};
