/**
 * What other features may use from the shop: the public-cache tag that every catalogue write
 * (admin create/update/archive, stock changes at checkout) must invalidate.
 */
export const SHOP_CACHE_TAG = 'shop';
