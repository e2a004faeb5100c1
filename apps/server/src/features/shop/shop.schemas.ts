/**
 * What other features may use from the shop: the public-cache tag that every catalogue write
 * (admin create/update/archive, stock changes at checkout) must invalidate, and the shop's events.
 */
import type { LocalizedText } from '@atelier/shared';

export const SHOP_CACHE_TAG = 'shop';

/** A product that could not be bought from stock can be now (stock 0 → more, or marked in stock). */
export interface ProductAvailableEvent {
  productId: string;
  name: LocalizedText;
}

/**
 * Emitted by the shop inside the transaction of the change (an admin edit, stock returned by a
 * cancelled order), with the product row locked, so one change is one event.
 */
export interface ShopEvents {
  productAvailable: ProductAvailableEvent;
}
