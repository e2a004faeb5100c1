import { randomUUID } from 'node:crypto';
import {
  DIGITAL_BOOK_MAX_BYTES,
  MAX_IMAGE_BYTES,
  PRODUCT_IMAGES_MAX,
  ProductWriteSchema,
  serverMessage,
} from '@atelier/shared';
import { shopAdminContract as contract } from '@atelier/shared/shop-admin.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { type FileRule, readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
import type { Storage } from '../../platform/storage/storage';
import { PORTFOLIO_CACHE_TAG } from '../portfolio/portfolio.schemas';
import type { ShopAdminService } from './shop.admin.service';
import { SHOP_CACHE_TAG } from './shop.schemas';

export interface ShopAdminRoutesOptions {
  service: ShopAdminService;
  cache: PublicCache;
  /** Where a streamed digital-book upload is written. */
  storage: Storage;
}

/**
 * Admin catalogue: `POST /api/shop`, `PUT|DELETE /api/shop/{id}`, `DELETE /api/shop/{id}/image/{i}`
 * and the admin list `GET /api/admin/shop` (archived products too). Every write clears
 * the public shop cache; a real delete also clears the portfolio's (its product links go null).
 */
export const shopAdminRoutes: FastifyPluginAsync<ShopAdminRoutesOptions> = async (app, { service, cache, storage }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const fileRules: Record<string, FileRule> = {
    images: { maxBytes: MAX_IMAGE_BYTES, maxCount: PRODUCT_IMAGES_MAX, tooLarge: 'imageTooLarge' },
    file: {
      maxBytes: DIGITAL_BOOK_MAX_BYTES,
      tooLarge: 'digitalFileTooLarge',
      stream: { storage, visibility: 'private', key: () => `books/${randomUUID()}` },
    },
  };

  async function readProductForm(request: FastifyRequest) {
    const form = await readForm(request, ProductWriteSchema, fileRules);
    return {
      fields: form.fields,
      upload: { images: (form.files.images ?? []).map((f) => f.data), file: form.streamed.file?.[0] },
    };
  }

  const invalidate = () => cache.invalidate(SHOP_CACHE_TAG);

  route(api, contract.listAdminShop, async (request) => {
    const { items, meta } = await service.list(request.query);
    return list(items, meta);
  });

  route(api, contract.getAdminShop, async (request) => ok(await service.get(request.params.id)));

  route(api, contract.create, async (request, reply) => {
    const { fields, upload } = await readProductForm(request);
    const product = await service.create(fields, upload);
    invalidate();
    return reply.code(201).send(ok(product, serverMessage('productSaved', requestLanguage(request))));
  });

  route(api, contract.put, async (request) => {
    const { fields, upload } = await readProductForm(request);
    const product = await service.update(request.params.id, fields, upload);
    invalidate();
    return ok(product, serverMessage('productSaved', requestLanguage(request)));
  });

  route(api, contract.delete, async (request) => {
    const result = await service.remove(request.params.id);
    invalidate();
    if (result.outcome === 'deleted') cache.invalidate(PORTFOLIO_CACHE_TAG);
    const message = result.outcome === 'archived' ? 'productArchived' : 'productDeleted';
    return ok(result, serverMessage(message, requestLanguage(request)));
  });

  route(api, contract.image, async (request) => {
    const product = await service.deleteImage(request.params.id, request.params.imageIndex);
    invalidate();
    return ok(product);
  });
};
