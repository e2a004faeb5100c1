import { MAX_IMAGE_BYTES, PORTFOLIO_MAX_IMAGES, PortfolioInputSchema, serverMessage } from '@atelier/shared';
import { portfolioContract as contract } from '@atelier/shared/portfolio.contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { readForm } from '../../platform/http/multipart';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
import { PORTFOLIO_CACHE_TAG } from './portfolio.schemas';
import type { PortfolioService } from './portfolio.service';

export interface PortfolioRoutesOptions {
  service: PortfolioService;
  cache: PublicCache;
}

/**
 * Public GET /api/portfolio and /api/portfolio/{id} from the public cache; admin
 * GET|POST /api/admin/portfolio and PUT|DELETE /api/admin/portfolio/{id}. Every write clears the
 * portfolio cache.
 */
export const portfolioRoutes: FastifyPluginAsync<PortfolioRoutesOptions> = async (app, { service, cache }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function readItemForm(request: FastifyRequest) {
    const form = await readForm(request, PortfolioInputSchema, {
      images: { maxBytes: MAX_IMAGE_BYTES, maxCount: PORTFOLIO_MAX_IMAGES, tooLarge: 'imageTooLarge' },
    });
    return { fields: form.fields, files: (form.files.images ?? []).map((file) => file.data) };
  }

  route(api, contract.list, async (request, reply) => {
    await cache.reply(request, reply, PORTFOLIO_CACHE_TAG, async () => {
      const { items, meta } = await service.list(request.query);
      return list(items, meta);
    });
  });

  route(api, contract.get, async (request, reply) => {
    await cache.reply(request, reply, PORTFOLIO_CACHE_TAG, async () => ok(await service.get(request.params.id)));
  });

  route(api, contract.listAdminPortfolio, async (request) => {
    const { items, meta } = await service.adminList(request.query);
    return list(items, meta);
  });

  route(api, contract.createAdminPortfolio, async (request, reply) => {
    const { fields, files } = await readItemForm(request);
    const item = await service.create(fields, files);
    cache.invalidate(PORTFOLIO_CACHE_TAG);
    return reply.code(201).send(ok(item, serverMessage('portfolioSaved', requestLanguage(request))));
  });

  route(api, contract.putAdminPortfolio, async (request) => {
    const { fields, files } = await readItemForm(request);
    const item = await service.update(request.params.id, fields, files);
    cache.invalidate(PORTFOLIO_CACHE_TAG);
    return ok(item, serverMessage('portfolioSaved', requestLanguage(request)));
  });

  route(api, contract.deleteAdminPortfolio, async (request) => {
    await service.remove(request.params.id);
    cache.invalidate(PORTFOLIO_CACHE_TAG);
    return ok({ id: request.params.id }, serverMessage('portfolioDeleted', requestLanguage(request)));
  });
};
