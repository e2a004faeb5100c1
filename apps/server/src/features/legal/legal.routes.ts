import { fillText, isLegalKind, LANGUAGES, type Language, LEGAL_SHORT_PATHS, serverMessage } from '@atelier/shared';
import { legalContract as contract } from '@atelier/shared/legal.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/guard';
import { clientContext } from '../../platform/http/client-context';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { PublicCache } from '../../platform/http/public-cache';
import { route } from '../../platform/http/route';
import { metaDescription, type SeoRegistry } from '../../platform/http/seo';
import { LEGAL_CACHE_TAG } from './legal.schemas';
import { consentsCsv, type LegalService } from './legal.service';

export interface LegalRoutesOptions {
  service: LegalService;
  cache: PublicCache;
  seo: SeoRegistry;
}

/** The first plain paragraph of a document's Markdown, for its meta description. */
function firstParagraph(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/).find((block) => !/^\s*(#|\*[^*]|-\s|\d+[.)]\s)/.test(block));
  return metaDescription((paragraph ?? '').replace(/[*_]/g, ''));
}

/**
 * The legal documents: the public reads (every version readable, from the public cache), the
 * cookie banner's choice, and the admin's publishing and consent records with their exports.
 */
export const legalRoutes: FastifyPluginAsync<LegalRoutesOptions> = async (app, { service, cache, seo }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  route(api, contract.list, async (request, reply) => {
    await cache.reply(request, reply, LEGAL_CACHE_TAG, async () => ok(await service.current(request.query.lang)));
  });

  route(api, contract.getKindLanguage, async (request, reply) => {
    const { kind, language } = request.params;
    await cache.reply(request, reply, LEGAL_CACHE_TAG, async () => ok(await service.read(kind, language)));
  });

  route(api, contract.getKindLanguageVersion, async (request, reply) => {
    const { kind, language, version } = request.params;
    await cache.reply(request, reply, LEGAL_CACHE_TAG, async () => ok(await service.read(kind, language, version)));
  });

  route(api, contract.userConsents, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.standing(requireUser(request).id));
  });

  route(api, contract.consentsCookies, async (request, reply) => {
    const result = await service.recordCookieChoice(request.body, request.user?.id ?? null, clientContext(request));
    return reply
      .code(201)
      .header('Cache-Control', 'no-store')
      .send(ok(result, serverMessage('cookieChoiceSaved', requestLanguage(request))));
  });

  route(api, contract.listAdminLegal, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(await service.versions());
  });

  route(api, contract.createAdminLegal, async (request, reply) => {
    const { kind, language } = request.params;
    const document = await service.publish(kind, language, request.body, requireUser(request).id);
    const message = fillText(serverMessage('legalPublished', requestLanguage(request)), {
      version: document.version,
    });
    return reply.code(201).send(ok(document, message));
  });

  route(api, contract.adminConsents, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { page, limit, ...filter } = request.query;
    const { items, meta } = await service.list(filter, { page, limit });
    return list(items, meta);
  });

  const attachment = (extension: string) =>
    `attachment; filename="consents-${new Date().toISOString().slice(0, 10)}.${extension}"`;

  route(api, contract.adminConsentsExportCsv, async (request, reply) => {
    const csv = consentsCsv(await service.exportAll(request.query), requestLanguage(request));
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachment('csv'))
      .send(csv);
  });

  route(api, contract.adminConsentsExportJson, async (request, reply) => {
    const records = await service.exportAll(request.query);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', attachment('json'))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ exportedAt: new Date().toISOString(), consents: records }, null, 2));
  });

  // The pages' heads: the document's own title and first paragraph; an unknown one is a 404.
  const head = async (kind: string, language: Language, version?: number) => {
    if (!isLegalKind(kind)) return { status: 404 };
    const document = await service.readOrNull(kind, language, version);
    if (!document) return { status: 404 };
    return { title: document.title, description: firstParagraph(document.body) };
  };
  for (const [kind, path] of Object.entries(LEGAL_SHORT_PATHS)) {
    seo.register(path, (_params, _query, lang) => head(kind, lang));
  }
  seo.register('/legal/:kind', async (params, _query, lang) => {
    const kind = params.kind ?? '';
    const short = isLegalKind(kind) ? LEGAL_SHORT_PATHS[kind] : undefined;
    return { ...(await head(kind, lang)), ...(short ? { canonical: short } : {}) };
  });
  seo.register('/legal/:kind/:language/:version', async (params) => {
    const language = params.language as Language;
    const version = Number(params.version);
    if (!LANGUAGES.includes(language) || !Number.isInteger(version) || version < 1 || version > 1e6)
      return { status: 404 };
    return head(params.kind ?? '', language, version);
  });
};
