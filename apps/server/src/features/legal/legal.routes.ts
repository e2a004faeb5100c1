import {
  AdminConsentsQuerySchema,
  ConsentRecordSchema,
  CookieConsentBody,
  CookieConsentResultSchema,
  ErrorBodySchema,
  fillText,
  isLegalKind,
  LANGUAGES,
  type Language,
  LEGAL_SHORT_PATHS,
  LegalDocumentSchema,
  LegalDocumentSummarySchema,
  LegalListQuerySchema,
  LegalParamsSchema,
  LegalVersionParamsSchema,
  listEnvelope,
  PublishLegalDocumentBody,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { clientContext } from '../../platform/http/client-context';
import { list, ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { PublicCache } from '../../platform/http/public-cache';
import { metaDescription, type SeoRegistry } from '../../platform/http/seo';
import { LEGAL_CACHE_TAG } from './legal.schemas';
import { consentsCsv, type LegalService } from './legal.service';

export interface LegalRoutesOptions {
  service: LegalService;
  cache: PublicCache;
  seo: SeoRegistry;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

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
  const tags = ['legal'];

  api.get(
    '/api/legal',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The version in force of every legal document in a language (without the texts)',
        querystring: LegalListQuerySchema,
        response: { 200: successEnvelope(z.array(LegalDocumentSummarySchema)), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await cache.reply(request, reply, LEGAL_CACHE_TAG, async () => ok(await service.current(request.query.lang)));
    },
  );

  api.get(
    '/api/legal/:kind/:language',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The version in force of a legal document in a language, with its Markdown text',
        params: LegalParamsSchema,
        response: { 200: successEnvelope(LegalDocumentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { kind, language } = request.params;
      await cache.reply(request, reply, LEGAL_CACHE_TAG, async () => ok(await service.read(kind, language)));
    },
  );

  api.get(
    '/api/legal/:kind/:language/:version',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One version of a legal document (older versions stay readable)',
        params: LegalVersionParamsSchema,
        response: { 200: successEnvelope(LegalDocumentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { kind, language, version } = request.params;
      await cache.reply(request, reply, LEGAL_CACHE_TAG, async () => ok(await service.read(kind, language, version)));
    },
  );

  api.post(
    '/api/consents/cookies',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The cookie banner’s accept or decline, for the cookie notice version it showed (409 when a newer one is in force); a visitor is known by the returned random id',
        body: CookieConsentBody,
        response: {
          201: successEnvelope(CookieConsentResultSchema),
          ...errors,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.recordCookieChoice(request.body, request.user?.id ?? null, clientContext(request));
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send(ok(result, serverMessage('cookieChoiceSaved', requestLanguage(request))));
    },
  );

  api.get(
    '/api/admin/legal',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every version of every legal document in every language (without the texts), newest first',
        response: { 200: successEnvelope(z.array(LegalDocumentSummarySchema)), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.versions());
    },
  );

  api.post(
    '/api/admin/legal/:kind/:language',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Publish the next version of a document in one language (Markdown); `baseVersion` is the version edited (409 when another was published since). Older versions stay readable.',
        params: LegalParamsSchema,
        body: PublishLegalDocumentBody,
        response: { 201: successEnvelope(LegalDocumentSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { kind, language } = request.params;
      const document = await service.publish(kind, language, request.body, requireUser(request).id);
      const message = fillText(serverMessage('legalPublished', requestLanguage(request)), {
        version: document.version,
      });
      return reply.code(201).send(ok(document, message));
    },
  );

  api.get(
    '/api/admin/consents',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Consents given and withdrawn, newest first: filter by kind and days (YYYY-MM-DD, UTC, inclusive)',
        querystring: AdminConsentsQuerySchema,
        response: { 200: listEnvelope(ConsentRecordSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { page, limit, ...filter } = request.query;
      const { items, meta } = await service.list(filter, { page, limit });
      return list(items, meta);
    },
  );

  const exportQuery = AdminConsentsQuerySchema.omit({ page: true, limit: true });
  const attachment = (extension: string) =>
    `attachment; filename="consents-${new Date().toISOString().slice(0, 10)}.${extension}"`;

  api.get(
    '/api/admin/consents/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The consents the filter matches, oldest first, as CSV (UTF-8 with BOM, `;`, CRLF)',
        querystring: exportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = consentsCsv(await service.exportAll(request.query), requestLanguage(request));
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachment('csv'))
        .send(csv);
    },
  );

  api.get(
    '/api/admin/consents/export.json',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The consents the filter matches, oldest first, as a JSON file',
        querystring: exportQuery,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const records = await service.exportAll(request.query);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', attachment('json'))
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ exportedAt: new Date().toISOString(), consents: records }, null, 2));
    },
  );

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
