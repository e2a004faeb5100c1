import { trainingScope } from '../../../shared/api/query-keys';

/**
 * Under the shared `training` prefix (see shared/api/query-keys.ts): a saved code changes what
 * lessons and courses quote, so saving one invalidates the whole prefix.
 */
export const promoCodeKeys = {
  adminList: () => [...trainingScope.all, 'admin', 'promo-codes'] as const,
};
