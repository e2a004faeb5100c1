import { adminScope, userScope } from '../../../shared/api/query-keys';

export const progressKeys = {
  /**
   * The learner's progress; under `user`, dropped when the account changes. The app marks it
   * stale after every report the lesson player sends (app.tsx).
   */
  mine: () => [...userScope.all, 'progress'] as const,
  /** Admin: per lesson, its purchasers and how many started and completed it. */
  adminLessons: () => [...adminScope.all, 'progress', 'lessons'] as const,
};
