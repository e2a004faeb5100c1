/**
 * The product feeds: the whole listed catalogue, every variant, for Yandex Products (YML) and
 * Google Merchant Center (RSS 2.0), made from the shop's catalogue (two queries) and the owner's
 * delivery settings. The routes cache what this makes (feeds.routes.ts).
 */

import { siteLinks } from '../../platform/http/links';
import type { DeliveryService } from '../delivery/delivery.service';
import type { ShopService } from '../shop/shop.service';
import { renderGoogle } from './feeds.google';
import { feedCategories, feedDelivery, feedOffers } from './feeds.offers';
import { FEED_LANGUAGE, FEED_TEXTS } from './feeds.texts';
import { renderYml } from './feeds.yml';

export interface FeedsDeps {
  shop: Pick<ShopService, 'listForFeeds'>;
  delivery: Pick<DeliveryService, 'settings'>;
  publicUrl: string;
  /** The shop's name: the feeds' shop, company and brand. */
  shopName: string;
}

export function createFeedsService({ shop, delivery, publicUrl, shopName }: FeedsDeps) {
  const url = `${siteLinks(publicUrl).base}/`;

  async function catalogue() {
    const [products, settings] = await Promise.all([shop.listForFeeds(), delivery.settings()]);
    const offers = feedOffers(products, publicUrl).map((offer) => ({
      offer,
      delivery: feedDelivery(offer.priceMinor, offer.physical, settings),
    }));
    // The shop's terms are those of goods below the free-delivery threshold.
    return { offers, shopDelivery: feedDelivery(0, true, settings) };
  }

  return {
    /** `GET /feeds/yandex.yml`. */
    async yandex(now: Date): Promise<string> {
      const { offers, shopDelivery } = await catalogue();
      return renderYml({
        now,
        shop: { name: shopName, company: shopName, url },
        categories: feedCategories(),
        delivery: shopDelivery,
        offers,
      });
    },

    /** `GET /feeds/google.xml`. */
    async google(now: Date): Promise<string> {
      const { offers } = await catalogue();
      return renderGoogle({
        now,
        shop: { name: shopName, url, description: FEED_TEXTS.about[FEED_LANGUAGE] },
        offers,
      });
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
