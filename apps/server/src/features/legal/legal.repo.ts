/**
 * The queries of the legal documents (table legal_documents: one row per kind, language and
 * version, never changed) and of the consents (table consents: rows only ever added).
 */
import type { ConsentKind, Language, LegalDocumentRef, LegalKind } from '@atelier/shared';
import { and, asc, desc, eq, gte, lt, max, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { consents, legalDocuments, orders, users } from '../../db/schema';
import type { SeedDocument } from './legal.seed';

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type ConsentRow = typeof consents.$inferSelect;
export type NewConsent = typeof consents.$inferInsert;
type Q = Db | Tx;

/** A document row without its text. */
const summaryColumns = {
  id: legalDocuments.id,
  kind: legalDocuments.kind,
  language: legalDocuments.language,
  version: legalDocuments.version,
  title: legalDocuments.title,
  publishedAt: legalDocuments.publishedAt,
};
export type LegalSummaryRow = Omit<LegalDocumentRow, 'body' | 'publishedBy'>;

/** The newest version number of every kind and language. */
const latest = (q: Q) =>
  q
    .select({
      kind: legalDocuments.kind,
      language: legalDocuments.language,
      version: max(legalDocuments.version).as('newest_version'),
    })
    .from(legalDocuments)
    .groupBy(legalDocuments.kind, legalDocuments.language);

export interface ConsentFilter {
  kind?: ConsentKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function consentConditions(filter: ConsentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(consents.kind, filter.kind));
  if (filter.from) conditions.push(gte(consents.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(consents.createdAt, end));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A consent with what the admin and the export show beside it. */
const consentView = {
  id: consents.id,
  createdAt: consents.createdAt,
  kind: consents.kind,
  granted: consents.granted,
  source: consents.source,
  visitorId: consents.visitorId,
  ip: consents.ip,
  userAgent: consents.userAgent,
  orderId: consents.orderId,
  orderNumber: orders.number,
  documentKind: legalDocuments.kind,
  documentLanguage: legalDocuments.language,
  documentVersion: legalDocuments.version,
  documentTitle: legalDocuments.title,
  userId: consents.userId,
  userEmail: users.email,
  userName: users.name,
};

export function createLegalRepo() {
  return {
    /** Version 1 of every document that has none (a later start finds them and adds nothing). */
    async insertSeed(q: Q, documents: SeedDocument[]): Promise<number> {
      const rows = await q
        .insert(legalDocuments)
        .values(documents.map((document) => ({ ...document, version: 1 })))
        .onConflictDoNothing({ target: [legalDocuments.kind, legalDocuments.language, legalDocuments.version] })
        .returning({ id: legalDocuments.id });
      return rows.length;
    },

    /** Every version of every document (no texts), by kind, language, newest first. */
    async summaries(q: Q, language?: Language): Promise<LegalSummaryRow[]> {
      return q
        .select(summaryColumns)
        .from(legalDocuments)
        .where(language ? eq(legalDocuments.language, language) : undefined)
        .orderBy(asc(legalDocuments.kind), asc(legalDocuments.language), desc(legalDocuments.version));
    },

    async find(q: Q, kind: LegalKind, language: Language, version?: number): Promise<LegalDocumentRow | null> {
      const [row] = await q
        .select()
        .from(legalDocuments)
        .where(
          and(
            eq(legalDocuments.kind, kind),
            eq(legalDocuments.language, language),
            version === undefined ? undefined : eq(legalDocuments.version, version),
          ),
        )
        .orderBy(desc(legalDocuments.version))
        .limit(1);
      return row ?? null;
    },

    /**
     * The newest version of a document, locked: two admins publishing at once queue here, and the
     * unique (kind, language, version) index turns whatever slips past into a conflict.
     */
    async lockLatest(tx: Tx, kind: LegalKind, language: Language): Promise<LegalDocumentRow | null> {
      const [row] = await tx
        .select()
        .from(legalDocuments)
        .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.language, language)))
        .orderBy(desc(legalDocuments.version))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async insertVersion(q: Q, values: typeof legalDocuments.$inferInsert): Promise<LegalDocumentRow> {
      const [row] = await q.insert(legalDocuments).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * The rows the refs name (absent ones are missing from the answer), each with the newest
     * version of its kind and language.
     */
    async resolve(q: Q, refs: LegalDocumentRef[]): Promise<(LegalSummaryRow & { latest: number })[]> {
      if (refs.length === 0) return [];
      const newest = latest(q).as('newest');
      return q
        .select({ ...summaryColumns, latest: sql<number>`${newest.version}`.mapWith(Number) })
        .from(legalDocuments)
        .innerJoin(newest, and(eq(newest.kind, legalDocuments.kind), eq(newest.language, legalDocuments.language)))
        .where(
          sql`(${legalDocuments.kind}, ${legalDocuments.language}, ${legalDocuments.version}) in (${sql.join(
            refs.map((ref) => sql`(${ref.kind}, ${ref.language}, ${ref.version}::integer)`),
            sql`, `,
          )})`,
        );
    },

    async insertConsents(q: Q, rows: NewConsent[]): Promise<void> {
      if (rows.length > 0) await q.insert(consents).values(rows);
    },

    /** The account's latest consent row of each kind (its state), oldest kind first. */
    async latestOfUser(q: Q, userId: string): Promise<ConsentRow[]> {
      return q
        .selectDistinctOn([consents.kind])
        .from(consents)
        .where(eq(consents.userId, userId))
        .orderBy(consents.kind, desc(consents.createdAt), desc(consents.id));
    },

    /**
     * The account's latest consent of each kind with the version it was given to and whether that
     * version is still the one in force in its language.
     */
    async standingOfUser(q: Q, userId: string) {
      const last = q
        .selectDistinctOn([consents.kind], {
          kind: consents.kind,
          granted: consents.granted,
          documentId: consents.documentId,
          givenAt: consents.createdAt,
        })
        .from(consents)
        .where(eq(consents.userId, userId))
        .orderBy(consents.kind, desc(consents.createdAt), desc(consents.id))
        .as('last');
      const newest = latest(q).as('newest');
      return q
        .select({
          kind: last.kind,
          granted: last.granted,
          givenAt: last.givenAt,
          version: legalDocuments.version,
          language: legalDocuments.language,
          inForce: sql<boolean>`${legalDocuments.version} = ${newest.version}`.mapWith(Boolean),
        })
        .from(last)
        .innerJoin(legalDocuments, eq(legalDocuments.id, last.documentId))
        .innerJoin(newest, and(eq(newest.kind, legalDocuments.kind), eq(newest.language, legalDocuments.language)));
    },

    /** Every consent of an account, oldest first, with its document. */
    async ofUser(q: Q, userId: string) {
      return q
        .select(consentView)
        .from(consents)
        .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
        .leftJoin(users, eq(users.id, consents.userId))
        .leftJoin(orders, eq(orders.id, consents.orderId))
        .where(eq(consents.userId, userId))
        .orderBy(asc(consents.createdAt), asc(consents.id));
    },

    /** The admin's list: newest first, one page, and how many match. */
    async list(q: Q, filter: ConsentFilter, page: { offset: number; limit: number }) {
      const where = consentConditions(filter);
      const rows = await q
        .select(consentView)
        .from(consents)
        .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
        .leftJoin(users, eq(users.id, consents.userId))
        .leftJoin(orders, eq(orders.id, consents.orderId))
        .where(where)
        .orderBy(desc(consents.createdAt), desc(consents.id))
        .limit(page.limit)
        .offset(page.offset);
      const [count] = await q
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(consents)
        .where(where);
      return { rows, total: count?.n ?? 0 };
    },

    /** Every consent the filter matches, oldest first, at most `cap` (the exports). */
    async all(q: Q, filter: ConsentFilter, cap: number) {
      return q
        .select(consentView)
        .from(consents)
        .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
        .leftJoin(users, eq(users.id, consents.userId))
        .leftJoin(orders, eq(orders.id, consents.orderId))
        .where(consentConditions(filter))
        .orderBy(asc(consents.createdAt), asc(consents.id))
        .limit(cap);
    },
  };
}
export type LegalRepo = ReturnType<typeof createLegalRepo>;
export type ConsentView = Awaited<ReturnType<LegalRepo['ofUser']>>[number];
