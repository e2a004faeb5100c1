/**
 * Request and reply shapes of the legal documents (versioned per kind and language, Markdown) and
 * of the consents given to them. The plain values (kinds, which consents a flow needs, paths) are
 * in legal.constants.ts.
 */
import { z } from 'zod';
import { LanguageSchema } from './base-schemas';
import {
  CONSENT_KINDS,
  CONSENT_SOURCES,
  LEGAL_BODY_MAX,
  LEGAL_KINDS,
  LEGAL_TITLE_MAX,
  type LegalDocumentRef,
} from './legal.constants';
import type { ServerMessageKey } from './messages';

const m = (key: ServerMessageKey) => key;

export const LegalKindSchema = z.enum(LEGAL_KINDS);
export const ConsentKindSchema = z.enum(CONSENT_KINDS);
export const ConsentSourceSchema = z.enum(CONSENT_SOURCES);

const VersionNumberSchema = z
  .number({ error: m('badRequest') })
  .int(m('badRequest'))
  .min(1, m('badRequest'))
  .max(1e6);

/** The document version a client showed: kind, language and number. */
export const LegalDocumentRefSchema = z.object({
  kind: LegalKindSchema,
  language: LanguageSchema,
  version: VersionNumberSchema,
}) satisfies z.ZodType<LegalDocumentRef>;

/**
 * The consents a form sends: one document version per kind. Absent = none given (the server then
 * answers which one is missing, in words).
 */
export const ConsentRefsSchema = z
  .array(LegalDocumentRefSchema)
  .max(CONSENT_KINDS.length, m('badRequest'))
  .refine((refs) => new Set(refs.map((ref) => ref.kind)).size === refs.length, m('badRequest'))
  .default([]);

export const LegalDocumentSummarySchema = z.object({
  id: z.uuid(),
  kind: LegalKindSchema,
  language: LanguageSchema,
  version: z.number().int(),
  title: z.string(),
  publishedAt: z.iso.datetime(),
  /** The version in force in its language (the newest). */
  current: z.boolean(),
});
export type LegalDocumentSummary = z.infer<typeof LegalDocumentSummarySchema>;

/** One version with its text (Markdown: the subset the web renders, never HTML). */
export const LegalDocumentSchema = LegalDocumentSummarySchema.extend({ body: z.string() });
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;

/** `GET /legal?lang=`: the version in force of every document in a language (no texts). */
export const LegalListQuerySchema = z.object({ lang: LanguageSchema.default('ru') });

export const LegalParamsSchema = z.object({ kind: LegalKindSchema, language: LanguageSchema });
export const LegalVersionParamsSchema = LegalParamsSchema.extend({
  version: z.coerce.number().int().min(1).max(1e6),
});

/**
 * `POST /admin/legal/{kind}/{language}`: publish the next version. `baseVersion` is the version
 * the admin edited; when another one has been published since, the answer is 409 and nothing changes.
 */
export const PublishLegalDocumentBody = z.object({
  title: z
    .string({ error: m('legalTitleRequired') })
    .trim()
    .min(1, m('legalTitleRequired'))
    .max(LEGAL_TITLE_MAX, m('textTooLong')),
  body: z
    .string({ error: m('legalBodyRequired') })
    .trim()
    .min(1, m('legalBodyRequired'))
    .max(LEGAL_BODY_MAX, m('textTooLong')),
  baseVersion: z.number().int().min(0).max(1e6),
});
export type PublishLegalDocumentBody = z.infer<typeof PublishLegalDocumentBody>;

/**
 * `POST /consents/cookies`: the cookie banner's choice, for the cookie notice version it showed.
 * A visitor who is not signed in is known by the random `visitorId` the first answer gave.
 */
export const CookieConsentBody = z.object({
  granted: z.boolean(),
  document: LegalDocumentRefSchema.refine((ref) => ref.kind === 'cookies', m('badRequest')),
  visitorId: z.uuid().optional(),
});
export type CookieConsentBody = z.infer<typeof CookieConsentBody>;
export const CookieConsentResultSchema = z.object({ visitorId: z.uuid() });

/** A consent as the admin's list and export show it. */
export const ConsentRecordSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  kind: ConsentKindSchema,
  granted: z.boolean(),
  source: ConsentSourceSchema,
  document: z.object({ kind: LegalKindSchema, language: LanguageSchema, version: z.number().int(), title: z.string() }),
  /** The account; null for a visitor's cookie choice (then `visitorId` says who). */
  user: z.object({ id: z.uuid(), email: z.string().nullable(), name: z.string() }).nullable(),
  visitorId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  ip: z.string(),
  userAgent: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/**
 * `GET /api/user/consents`: the account's consents that stand now — given, not withdrawn since,
 * to the version of the text in force (in the language it was read in). A form does not ask again
 * for what is here.
 */
export const StandingConsentSchema = z.object({
  kind: ConsentKindSchema,
  version: z.number().int(),
  language: LanguageSchema,
  givenAt: z.string(),
});
export type StandingConsent = z.infer<typeof StandingConsentSchema>;

/** Admin `GET /admin/consents` and its exports: kind, inclusive days (UTC, YYYY-MM-DD), page. */
export const AdminConsentsQuerySchema = z.object({
  kind: ConsentKindSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminConsentsQuery = z.infer<typeof AdminConsentsQuerySchema>;
