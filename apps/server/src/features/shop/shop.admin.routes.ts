import { randomUUID } from 'node:crypto';
import {
  AdminProductSchema,
  AdminShopQuerySchema,
  DIGITAL_BOOK_MAX_BYTES,
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  MAX_IMAGE_BYTES,
  PRODUCT_IMAGES_MAX,
  ProductDeleteResultSchema,
  ProductImageParamsSchema,
  ProductWriteSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { type FileRule, readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
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

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const fileErrors = { ...errors, 404: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
const formDescription =
  'JSON body, or multipart/form-data with a `data` part (JSON of the fields), `images` parts (up to 10, ' +
  '5 MB each) and one `file` part (the digital book, PDF or EPUB, kept in private storage). ' +
  '`data.images` is the final image list: `{ url }` keeps a current image, `{ file: n }` places the ' +
  'n-th `images` part; without it new parts are appended. Prices are major units.';

/**
 * Admin catalogue: `POST /api/shop`, `PUT|DELETE /api/shop/{id}`, `DELETE /api/shop/{id}/image/{i}`
 * and the admin list `GET /api/admin/shop` (archived products too). Every write clears
 * the public shop cache; a real delete also clears the portfolio's (its product links go null).
 */
export const shopAdminRoutes: FastifyPluginAsync<ShopAdminRoutesOptions> = async (app, { service, cache, storage }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shop (admin)'];

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

  api.get(
    '/api/admin/shop',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every product for the admin (archived too), with the public filters and an archive filter',
        querystring: AdminShopQuerySchema,
        response: { 200: listEnvelope(AdminProductSchema), ...errors },
      },
    },
    async (request) => {
      const { items, meta } = await service.list(request.query);
      return list(items, meta);
    },
  );

  api.get(
    '/api/admin/shop/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One product for the admin (archived too)',
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminProductSchema), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  api.post(
    '/api/shop',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags,
        summary: 'Create a product',
        description: formDescription,
        response: { 201: successEnvelope(AdminProductSchema), ...fileErrors },
      },
    },
    async (request, reply) => {
      const { fields, upload } = await readProductForm(request);
      const product = await service.create(fields, upload);
      invalidate();
      return reply.code(201).send(ok(product, serverMessage('productSaved', requestLanguage(request))));
    },
  );

  api.put(
    '/api/shop/:id',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags,
        summary:
          'Replace a product’s fields; reorder, drop or add images (data.images), replace or remove the digital book',
        description: formDescription,
        params: IdParamSchema,
        response: { 200: successEnvelope(AdminProductSchema), ...fileErrors },
      },
    },
    async (request) => {
      const { fields, upload } = await readProductForm(request);
      const product = await service.update(request.params.id, fields, upload);
      invalidate();
      return ok(product, serverMessage('productSaved', requestLanguage(request)));
    },
  );

  api.delete(
    '/api/shop/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a product; one that has orders is archived instead (hidden from the shop, kept for orders)',
        params: IdParamSchema,
        response: { 200: successEnvelope(ProductDeleteResultSchema), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const result = await service.remove(request.params.id);
      invalidate();
      if (result.outcome === 'deleted') cache.invalidate(PORTFOLIO_CACHE_TAG);
      const message = result.outcome === 'archived' ? 'productArchived' : 'productDeleted';
      return ok(result, serverMessage(message, requestLanguage(request)));
    },
  );

  api.delete(
    '/api/shop/:id/image/:imageIndex',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete one image of a product by its index (later images move up)',
        params: ProductImageParamsSchema,
        response: { 200: successEnvelope(AdminProductSchema), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const product = await service.deleteImage(request.params.id, request.params.imageIndex);
      invalidate();
      return ok(product);
    },
  );
};
