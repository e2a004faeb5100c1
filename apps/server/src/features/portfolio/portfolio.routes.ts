import {
  AdminPortfolioQuerySchema,
  ErrorBodySchema,
  IdParamSchema,
  listEnvelope,
  MAX_IMAGE_BYTES,
  PORTFOLIO_MAX_IMAGES,
  PortfolioInputSchema,
  PortfolioItemSchema,
  PortfolioQuerySchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { PORTFOLIO_CACHE_TAG } from './portfolio.schemas';
import type { PortfolioService } from './portfolio.service';

export interface PortfolioRoutesOptions {
  service: PortfolioService;
  cache: PublicCache;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const writeErrors = { ...errors, 404: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
const formDescription =
  'JSON body, or multipart/form-data with a `data` part (JSON: title, description, category, images?, ' +
  'mainImageIndex, linkedProductId) and up to 10 `images` file parts (5 MB each, checked by content). ' +
  '`images` in data is the final order: `{ "url": … }` keeps an existing image, `{ "file": n }` is the ' +
  'n-th file part; images left out are deleted. Without it: kept images, then the new files.';

/**
 * Public GET /api/portfolio and /api/portfolio/{id} from the public cache; admin
 * GET|POST /api/admin/portfolio and PUT|DELETE /api/admin/portfolio/{id}. Every write clears the
 * portfolio cache.
 */
export const portfolioRoutes: FastifyPluginAsync<PortfolioRoutesOptions> = async (app, { service, cache }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminTags = ['portfolio (admin)'];

  async function readItemForm(request: FastifyRequest) {
    const form = await readForm(request, PortfolioInputSchema, {
      images: { maxBytes: MAX_IMAGE_BYTES, maxCount: PORTFOLIO_MAX_IMAGES, tooLarge: 'imageTooLarge' },
    });
    return { fields: form.fields, files: (form.files.images ?? []).map((file) => file.data) };
  }

  api.get(
    '/api/portfolio',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portfolio'],
        summary: 'Portfolio items in the admin order, optionally of one category (home page shows 12)',
        querystring: PortfolioQuerySchema,
        response: { 200: listEnvelope(PortfolioItemSchema), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, PORTFOLIO_CACHE_TAG, async () => {
        const { items, meta } = await service.list(request.query);
        return list(items, meta);
      });
    },
  );

  api.get(
    '/api/portfolio/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portfolio'],
        summary: 'One portfolio item',
        params: IdParamSchema,
        response: { 200: successEnvelope(PortfolioItemSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, PORTFOLIO_CACHE_TAG, async () => ok(await service.get(request.params.id)));
    },
  );

  api.get(
    '/api/admin/portfolio',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Every portfolio item for the admin: category filter, search in titles and descriptions, pages',
        querystring: AdminPortfolioQuerySchema,
        response: { 200: listEnvelope(PortfolioItemSchema), ...errors },
      },
    },
    async (request) => {
      const { items, meta } = await service.adminList(request.query);
      return list(items, meta);
    },
  );

  api.post(
    '/api/admin/portfolio',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: adminTags,
        summary: 'Create a portfolio item (at least one image)',
        description: formDescription,
        response: { 201: successEnvelope(PortfolioItemSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readItemForm(request);
      const item = await service.create(fields, files);
      cache.invalidate(PORTFOLIO_CACHE_TAG);
      return reply.code(201).send(ok(item, serverMessage('portfolioSaved', requestLanguage(request))));
    },
  );

  api.put(
    '/api/admin/portfolio/:id',
    {
      config: { access: 'admin', multipart: true },
      schema: {
        tags: adminTags,
        summary: 'Replace a portfolio item: texts, category, linked product, image order, main image, new images',
        description: formDescription,
        params: IdParamSchema,
        response: { 200: successEnvelope(PortfolioItemSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { fields, files } = await readItemForm(request);
      const item = await service.update(request.params.id, fields, files);
      cache.invalidate(PORTFOLIO_CACHE_TAG);
      return ok(item, serverMessage('portfolioSaved', requestLanguage(request)));
    },
  );

  api.delete(
    '/api/admin/portfolio/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Delete a portfolio item and its images',
        params: IdParamSchema,
        response: { 200: successEnvelope(z.object({ id: z.uuid() })), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      cache.invalidate(PORTFOLIO_CACHE_TAG);
      return ok({ id: request.params.id }, serverMessage('portfolioDeleted', requestLanguage(request)));
    },
  );
};
