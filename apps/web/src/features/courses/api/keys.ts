import { trainingScope } from '../../../shared/api/query-keys';

/** The courses' keys, under the shared `training` prefix (see shared/api/query-keys.ts). */
export const courseKeys = {
  list: () => [...trainingScope.all, 'courses'] as const,
  one: (id: string) => [...trainingScope.all, 'course', id] as const,
  /** The account's courses and master classes. */
  purchases: () => [...trainingScope.all, 'course-purchases'] as const,
  adminList: () => [...trainingScope.all, 'admin', 'courses'] as const,
};
