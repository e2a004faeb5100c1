import type { Language } from '@atelier/shared';
import { trainingScope, userScope } from '../../../shared/api/query-keys';

/**
 * The lessons' keys, under the shared `training` prefix (see shared/api/query-keys.ts): a purchase,
 * an owner's edit of a lesson, course or promo code, and an account change invalidate it whole.
 */
export const lessonKeys = {
  list: () => [...trainingScope.all, 'lessons'] as const,
  one: (id: string) => [...trainingScope.all, 'lesson', id] as const,
  /** The signed links of a lesson's video and sheets, and the saved position. */
  access: (id: string) => [...trainingScope.all, 'access', id] as const,
  /** The account's lessons. */
  purchases: () => [...trainingScope.all, 'purchases'] as const,
  adminList: () => [...trainingScope.all, 'admin', 'lessons'] as const,
  adminHls: (id: string) => [...trainingScope.all, 'admin', 'lesson-hls', id] as const,
  adminMedia: (id: string) => [...trainingScope.all, 'admin', 'lesson-media', id] as const,
  adminSubtitles: (id: string, lang: Language) => [...trainingScope.all, 'admin', 'subtitles', id, lang] as const,
  /**
   * The learner's player settings: the account's own (under `user`, dropped when the account
   * changes), outside `training`, whose invalidation would fetch them again for nothing.
   */
  playerSettings: () => [...userScope.all, 'player-settings'] as const,
};
