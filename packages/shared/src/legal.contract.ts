import { z } from 'zod';
import { ErrorBodySchema, listEnvelope, successEnvelope } from './api';
import { defineContract } from './contract';
import {
  AdminConsentsQuerySchema,
  ConsentRecordSchema,
  CookieConsentBody,
  CookieConsentResultSchema,
  LegalDocumentSchema,
  LegalDocumentSummarySchema,
  LegalListQuerySchema,
  LegalParamsSchema,
  LegalVersionParamsSchema,
  PublishLegalDocumentBody,
  StandingConsentSchema,
} from './legal';
import { legalRouteTable } from './legal.routes';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const exportQuery = AdminConsentsQuerySchema.omit({ page: true, limit: true });

export const legalContract = defineContract('legal', legalRouteTable, {
  list: {
    summary: 'The version in force of every legal document in a language (without the texts)',
    query: LegalListQuerySchema,
    response: { 200: successEnvelope(z.array(LegalDocumentSummarySchema)), 400: ErrorBodySchema },
  },
  getKindLanguage: {
    summary: 'The version in force of a legal document in a language, with its Markdown text',
    params: LegalParamsSchema,
    response: { 200: successEnvelope(LegalDocumentSchema), ...errors },
  },
  getKindLanguageVersion: {
    summary: 'One version of a legal document (older versions stay readable)',
    params: LegalVersionParamsSchema,
    response: { 200: successEnvelope(LegalDocumentSchema), ...errors },
  },
  userConsents: {
    summary:
      'The signed-in account’s consents that stand: given, not withdrawn, to the version of the text in force (a form does not ask for them again)',
    response: { 200: successEnvelope(z.array(StandingConsentSchema)), 401: ErrorBodySchema },
  },
  consentsCookies: {
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
  listAdminLegal: {
    summary: 'Every version of every legal document in every language (without the texts), newest first',
    response: { 200: successEnvelope(z.array(LegalDocumentSummarySchema)), ...errors },
  },
  createAdminLegal: {
    summary:
      'Publish the next version of a document in one language (Markdown); `baseVersion` is the version edited (409 when another was published since). Older versions stay readable.',
    params: LegalParamsSchema,
    body: PublishLegalDocumentBody,
    response: { 201: successEnvelope(LegalDocumentSchema), ...errors, 409: ErrorBodySchema },
  },
  adminConsents: {
    summary: 'Consents given and withdrawn, newest first: filter by kind and days (YYYY-MM-DD, UTC, inclusive)',
    query: AdminConsentsQuerySchema,
    response: { 200: listEnvelope(ConsentRecordSchema), ...errors },
  },
  adminConsentsExportCsv: {
    summary: 'The consents the filter matches, oldest first, as CSV (UTF-8 with BOM, `;`, CRLF)',
    query: exportQuery,
    produces: ['text/csv'],
  },
  adminConsentsExportJson: {
    summary: 'The consents the filter matches, oldest first, as a JSON file',
    query: exportQuery,
    response: { 200: z.unknown(), ...errors },
  },
});
