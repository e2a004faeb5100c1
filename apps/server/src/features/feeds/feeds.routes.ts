/**
 * GET /feeds/yandex.yml and /feeds/google.xml: the product feeds the owner registers in Yandex
 * Webmaster and Google Merchant Center (docs/operations/going-live.md). Public, the same for
 * everyone, and kept in the public cache under the catalogue's tag: every catalogue write (an edit,
 * an archive, stock taken or returned) drops them with the shop's other answers. The cache key
 * holds the day, so a feed is made again at least daily even when nothing changes: Yandex refuses
 * a catalogue dated more than days back, and Google's pre-order dates count from the feed's day.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PublicCache } from '../../platform/http/public-cache';
import { SHOP_CACHE_TAG } from '../shop/shop.schemas';
import type { FeedsService } from './feeds.service';

export const FEED_PATHS = { yandex: '/feeds/yandex.yml', google: '/feeds/google.xml' } as const;

const XML = 'application/xml; charset=utf-8';

export interface FeedsRoutesOptions {
  service: FeedsService;
  cache: PublicCache;
  /** The time the feeds are dated by (tests move it). */
  clock?: () => Date;
}

export const feedsRoutes: FastifyPluginAsync<FeedsRoutesOptions> = async (app, { service, cache, clock }) => {
  const now = clock ?? (() => new Date());
  for (const [name, path] of Object.entries(FEED_PATHS) as [keyof typeof FEED_PATHS, string][]) {
    app.get(path, { config: { access: 'public' } }, async (request, reply) => {
      const at = now();
      // Query strings are not part of the key: whatever a caller appends, one copy per day.
      const key = `${path} ${at.toISOString().slice(0, 10)}`;
      return cache.replyDocument(request, reply, SHOP_CACHE_TAG, key, () => service[name](at), XML);
    });
  }
};
