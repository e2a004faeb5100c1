/** Legal documents and the consents given to them. */
import { CONSENT_KINDS, CONSENT_SOURCES, LEGAL_KINDS } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id } from './columns';
import { orders } from './orders';

/**
 * Every published version of every legal document, per kind and language (Markdown). A version is
 * never changed or deleted: publishing adds the next number, and consents point at the exact row.
 * Version 1 of each comes from the texts the shop started with (features/legal/seed).
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: id(),
    kind: text('kind', { enum: LEGAL_KINDS }).notNull(),
    language: text('language', { enum: ['ru', 'en', 'es'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who published it; null for the seeded first versions. */
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('legal_documents_kind_language_version_key').on(t.kind, t.language, t.version),
    check('legal_documents_version_positive', sql`${t.version} >= 1`),
  ],
);
/**
 * Each consent given or withdrawn, as it happened: who (an account, or a visitor's random id for a
 * cookie choice made without signing in), to which document version, where, when, from which
 * client address. Rows are only ever added; the latest row of a person and kind is their state.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    /** Accounts are anonymised, never deleted (docs/decisions/0008): the proof keeps its subject. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    visitorId: uuid('visitor_id'),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    /** The order placed with a checkout consent. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The client address as the server saw it (X-Forwarded-For only with TRUST_PROXY). */
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.createdAt),
    index('consents_created_idx').on(t.createdAt),
    index('consents_kind_created_idx').on(t.kind, t.createdAt),
    check('consents_someone', sql`${t.userId} is not null or ${t.visitorId} is not null`),
  ],
);
