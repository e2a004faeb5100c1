import { shopContract as contract } from '@atelier/shared/shop.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, ok } from '../../platform/http/envelope';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
import type { SeoRegistry } from '../../platform/http/seo';
import type { Storage } from '../../platform/storage/storage';
import { shopAdminRoutes } from './shop.admin.routes';
import type { ShopAdminService } from './shop.admin.service';
import { SHOP_CACHE_TAG } from './shop.schemas';
import type { ShopService } from './shop.service';

/** The catalogue never depends on who asks: signed-in visitors are served from the cache too. */
const SAME_FOR_EVERYONE = { sameForEveryone: true };

export interface ShopRoutesOptions {
  service: ShopService;
  admin: ShopAdminService;
  cache: PublicCache;
  seo: SeoRegistry;
  storage: Storage;
}

/**
 * GET /api/shop, /api/shop/featured and /api/shop/{id}: the public catalogue. Replies go through the public cache
 * (serialized once, ETag, 304), so the response schemas here document the API and the tests check
 * the service output against them.
 */
export const shopRoutes: FastifyPluginAsync<ShopRoutesOptions> = async (
  app,
  { service, admin, cache, seo, storage },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.list, async (request, reply) => {
    await cache.reply(
      request,
      reply,
      SHOP_CACHE_TAG,
      async () => {
        const { items, meta } = await service.list(request.query);
        return list(items, meta);
      },
      SAME_FOR_EVERYONE,
    );
  });

  route(api, contract.featured, async (request, reply) => {
    await cache.reply(
      request,
      reply,
      SHOP_CACHE_TAG,
      async () => ok(await service.featured(request.query.currency)),
      SAME_FOR_EVERYONE,
    );
  });

  route(api, contract.get, async (request, reply) => {
    await cache.reply(
      request,
      reply,
      SHOP_CACHE_TAG,
      async () => ok(await service.get(request.params.id)),
      SAME_FOR_EVERYONE,
    );
  });

  await app.register(shopAdminRoutes, { service: admin, cache, storage });

  seo.register('/shop', (_params, query, lang) => service.productSeo(query.product, lang, false));
  seo.register('/shop/:id', (params, _query, lang) => service.productSeo(params.id, lang, true));
  seo.addSitemapSource(() => service.sitemap());
};
