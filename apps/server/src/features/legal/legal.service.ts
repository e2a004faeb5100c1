/**
 * The legal documents and the consents given to them.
 *
 * Documents: every kind in every language has numbered versions; the newest is in force, the older
 * ones stay readable. Publishing adds the next version (never edits one) and clears the public
 * cache, which drops the server-rendered pages with it.
 *
 * Consents: a form sends the document versions it showed. `checkConsents` refuses a form that
 * lacks one the flow needs (400), names one the flow does not ask for (400), names a version that
 * does not exist (400) or one that is no longer in force (409: the person saw an older text and is
 * asked to read the new one) — before anything else happens. The caller then records the checked
 * consents with `record` inside its own transaction (the account, the order), so a consent is on
 * record exactly when what it was given for is.
 */
import { randomUUID } from 'node:crypto';
import {
  CONSENT_SOURCE_LABELS,
  type ConsentKind,
  type ConsentRecord,
  type ConsentSource,
  type CookieConsentBody,
  fillText,
  LANGUAGES,
  type Language,
  LEGAL_KIND_LABELS,
  LEGAL_KINDS,
  type LegalDocument,
  type LegalDocumentRef,
  type LegalDocumentSummary,
  type LegalKind,
  type PublishLegalDocumentBody,
  SERVER_MESSAGES,
  type ServerMessageKey,
  type StandingConsent,
} from '@atelier/shared';
import { type Db, isUniqueViolation, type Tx } from '../../db/client';
import { toCsv } from '../../platform/csv';
import { Conflict, InvalidInput, NotFound } from '../../platform/errors';
import type { ClientContext } from '../../platform/http/client-context';
import type { PublicCache } from '../../platform/http/public-cache';
import { addressKey, type Limit, type RateLimiter } from '../../platform/http/rate-limit';
import { type ConsentFilter, type ConsentView, createLegalRepo, type LegalSummaryRow } from './legal.repo';
import { LEGAL_CACHE_TAG } from './legal.schemas';
import { seedDocuments } from './legal.seed';

type Q = Db | Tx;

/** Where and how a consent was given: the client address (request.ip) and its user agent. */
export type ConsentContext = ClientContext;

/** Consents checked against the documents in force, ready to be recorded. */
export interface CheckedConsents {
  documents: { kind: ConsentKind; documentId: string }[];
}

/** Who gave them: an account, a visitor of the cookie banner, and the order they came with. */
export interface ConsentSubject {
  userId?: string | null;
  visitorId?: string | null;
  orderId?: string | null;
}

/** Records something in the caller's transaction (the account's, the order's). */
export type InTransaction = (tx: Tx) => Promise<void>;

/** The most rows one export holds. */
export const CONSENT_EXPORT_CAP = 100_000;

const REQUIRED_MESSAGE: Record<ConsentKind, ServerMessageKey> = {
  agreement: 'agreementRequired',
  'personal-data': 'personalDataConsentRequired',
  'cross-border': 'crossBorderConsentRequired',
  cookies: 'consentDocumentMissing',
  marketing: 'consentDocumentMissing',
};

/** A message with the document's name filled in, in every language. */
function named(key: ServerMessageKey, kind: LegalKind, values: Record<string, string | number> = {}) {
  const text = (lang: Language) =>
    fillText(SERVER_MESSAGES[key][lang], { name: LEGAL_KIND_LABELS[kind][lang], ...values });
  return { ru: text('ru'), en: text('en'), es: text('es') };
}

const consentField = (message: ServerMessageKey) => ({ fields: [{ field: 'consents', message }] });

function toSummary(row: LegalSummaryRow, current: boolean): LegalDocumentSummary {
  return {
    id: row.id,
    kind: row.kind,
    language: row.language,
    version: row.version,
    title: row.title,
    publishedAt: row.publishedAt.toISOString(),
    current,
  };
}

/** The documents in the order the site lists them (LEGAL_KINDS, then ru, en, es), newest version first. */
function inSiteOrder(a: LegalSummaryRow, b: LegalSummaryRow): number {
  return (
    LEGAL_KINDS.indexOf(a.kind) - LEGAL_KINDS.indexOf(b.kind) ||
    LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language) ||
    b.version - a.version
  );
}

/** Each document's versions, newest first → the first of each kind and language is the version in force. */
function markCurrent(rows: LegalSummaryRow[]): LegalDocumentSummary[] {
  const seen = new Set<string>();
  return [...rows].sort(inSiteOrder).map((row) => {
    const key = `${row.kind}:${row.language}`;
    const current = !seen.has(key);
    seen.add(key);
    return toSummary(row, current);
  });
}

function toRecord(row: ConsentView): ConsentRecord {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind,
    granted: row.granted,
    source: row.source,
    document: {
      kind: row.documentKind,
      language: row.documentLanguage,
      version: row.documentVersion,
      title: row.documentTitle,
    },
    user: row.userId ? { id: row.userId, email: row.userEmail, name: row.userName ?? '' } : null,
    visitorId: row.visitorId,
    orderNumber: row.orderNumber,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

const CSV_HEADERS: Record<Language, string[]> = {
  ru: [
    'Дата (UTC)',
    'Согласие',
    'Решение',
    'Где',
    'Документ',
    'Язык',
    'Редакция',
    'Email',
    'Имя',
    'Посетитель',
    'Заказ',
    'IP-адрес',
    'Браузер',
  ],
  en: [
    'Date (UTC)',
    'Consent',
    'Decision',
    'Where',
    'Document',
    'Language',
    'Version',
    'Email',
    'Name',
    'Visitor',
    'Order',
    'IP address',
    'Browser',
  ],
  es: [
    'Fecha (UTC)',
    'Consentimiento',
    'Decisión',
    'Dónde',
    'Documento',
    'Idioma',
    'Versión',
    'Email',
    'Nombre',
    'Visitante',
    'Pedido',
    'Dirección IP',
    'Navegador',
  ],
};
const DECISION: Record<Language, { granted: string; withdrawn: string }> = {
  ru: { granted: 'дано', withdrawn: 'отозвано' },
  en: { granted: 'granted', withdrawn: 'withdrawn' },
  es: { granted: 'otorgado', withdrawn: 'revocado' },
};

export function consentsCsv(records: ConsentRecord[], lang: Language): string {
  const lines = records.map((r) => [
    r.at.slice(0, 19).replace('T', ' '),
    LEGAL_KIND_LABELS[r.kind][lang],
    r.granted ? DECISION[lang].granted : DECISION[lang].withdrawn,
    CONSENT_SOURCE_LABELS[r.source][lang],
    r.document.title,
    r.document.language,
    r.document.version,
    r.user?.email ?? '',
    r.user?.name ?? '',
    r.visitorId ?? '',
    r.orderNumber ?? '',
    r.ip,
    r.userAgent ?? '',
  ]);
  return toCsv([CSV_HEADERS[lang], ...lines]);
}

export interface LegalServiceDeps {
  db: Db;
  cache?: PublicCache;
  limiter?: RateLimiter;
  /** Cookie-banner choices per client address and window (anyone may send them). */
  limits?: { perIp: number; windowMs: number };
}

export function createLegalService({ db, cache, limiter, limits }: LegalServiceDeps) {
  const repo = createLegalRepo();

  async function read(kind: LegalKind, language: Language, version?: number): Promise<LegalDocument> {
    const row = await repo.find(db, kind, language, version);
    if (!row) throw new NotFound();
    const newest = version === undefined ? row : await repo.find(db, kind, language);
    return { ...toSummary(row, newest?.version === row.version), body: row.body };
  }

  /** The account's consents that stand now: granted, not withdrawn since, to the version in force. */
  async function standing(q: Q, userId: string): Promise<StandingConsent[]> {
    const rows = await repo.standingOfUser(q, userId);
    return rows
      .filter((row) => row.granted && row.inForce)
      .map((row) => ({
        kind: row.kind,
        version: row.version,
        language: row.language,
        givenAt: row.givenAt.toISOString(),
      }));
  }

  /**
   * `asked` is what the flow needs; `refs` the versions the form showed and the person ticked. A
   * kind the account already holds standing (`standing`: given to the text in force) need not be
   * ticked again; it is then not recorded again either.
   */
  async function checkConsents(
    refs: LegalDocumentRef[],
    asked: readonly ConsentKind[],
    userId?: string,
  ): Promise<CheckedConsents> {
    const missing = asked.filter((kind) => !refs.some((ref) => ref.kind === kind));
    const held = missing.length > 0 && userId ? new Set((await standing(db, userId)).map((c) => c.kind)) : new Set();
    for (const kind of missing) {
      if (!held.has(kind)) {
        throw new InvalidInput(
          REQUIRED_MESSAGE[kind],
          { ...consentField(REQUIRED_MESSAGE[kind]), kind },
          'CONSENT_REQUIRED',
        );
      }
    }
    const extra = refs.find((ref) => !(asked as readonly string[]).includes(ref.kind));
    if (extra) throw new InvalidInput('consentNotAsked', { ...consentField('consentNotAsked'), kind: extra.kind });
    const rows = await repo.resolve(db, refs);
    return {
      documents: refs.map((ref) => {
        const row = rows.find((r) => r.kind === ref.kind && r.language === ref.language && r.version === ref.version);
        if (!row) throw new InvalidInput(named('legalVersionUnknown', ref.kind), { ...ref }, 'LEGAL_VERSION_UNKNOWN');
        if (row.version !== row.latest) {
          throw new Conflict(
            named('legalVersionStale', ref.kind),
            { ...ref, current: row.latest },
            'LEGAL_VERSION_STALE',
          );
        }
        return { kind: ref.kind as ConsentKind, documentId: row.id };
      }),
    };
  }

  async function record(
    q: Q,
    checked: CheckedConsents,
    subject: ConsentSubject,
    context: ConsentContext & { source: ConsentSource; granted?: boolean },
  ): Promise<void> {
    await repo.insertConsents(
      q,
      checked.documents.map((document) => ({
        kind: document.kind,
        documentId: document.documentId,
        granted: context.granted ?? true,
        source: context.source,
        userId: subject.userId ?? null,
        visitorId: subject.visitorId ?? null,
        orderId: subject.orderId ?? null,
        ip: context.ip,
        userAgent: context.userAgent?.slice(0, 500) ?? null,
      })),
    );
  }

  /**
   * Records the withdrawal of the account's consents of `kinds` that stand granted now, each
   * against the document version it was given to. A consent given before consents were recorded
   * (the marketing opt-in had only a date) is withdrawn against the version in force in `language`.
   */
  async function withdraw(
    tx: Tx,
    userId: string,
    kinds: readonly ConsentKind[],
    context: ConsentContext & { source: ConsentSource; language?: Language },
  ): Promise<void> {
    const latest = await repo.latestOfUser(tx, userId);
    const documents: CheckedConsents['documents'] = [];
    for (const kind of kinds) {
      const last = latest.find((row) => row.kind === kind);
      if (last?.granted) documents.push({ kind, documentId: last.documentId });
      else if (!last && context.language) {
        const current = await repo.find(tx, kind, context.language);
        if (current) documents.push({ kind, documentId: current.id });
      }
    }
    await record(tx, { documents }, { userId }, { ...context, granted: false });
  }

  return {
    /** `GET /api/user/consents`: what a form need not ask this account for again. */
    standing: (userId: string) => standing(db, userId),

    /** Version 1 of every document that has none yet (start-up, and the test databases). */
    async ensureSeeded(q: Q = db): Promise<number> {
      return repo.insertSeed(q, seedDocuments());
    },

    /** The version in force of every document in `language`, without texts. */
    async current(language: Language): Promise<LegalDocumentSummary[]> {
      return markCurrent(await repo.summaries(db, language)).filter((summary) => summary.current);
    },

    /** One document with its text: the version in force, or the given one (404 when there is none). */
    read,

    /** For a page that may name anything: null where the API answers 404. */
    async readOrNull(kind: LegalKind, language: Language, version?: number): Promise<LegalDocument | null> {
      try {
        return await read(kind, language, version);
      } catch (error) {
        if (error instanceof NotFound) return null;
        throw error;
      }
    },

    /** Every version of every document in every language (admin), newest first per document. */
    async versions(): Promise<LegalDocumentSummary[]> {
      return markCurrent(await repo.summaries(db));
    },

    /**
     * Publishes the next version of a document in one language. `baseVersion` must be the version
     * in force (else 409: someone published meanwhile); an unchanged text is refused (400).
     */
    async publish(
      kind: LegalKind,
      language: Language,
      input: PublishLegalDocumentBody,
      adminId: string,
    ): Promise<LegalDocument> {
      const body = input.body.replace(/\r\n?/g, '\n');
      const conflict = (current: number) =>
        new Conflict(
          Object.fromEntries(
            LANGUAGES.map((lang) => [lang, fillText(SERVER_MESSAGES.legalVersionConflict[lang], { version: current })]),
          ) as Record<Language, string>,
          { current },
          'LEGAL_VERSION_CONFLICT',
        );
      let row: Awaited<ReturnType<typeof repo.insertVersion>>;
      try {
        row = await db.transaction(async (tx) => {
          const latest = await repo.lockLatest(tx, kind, language);
          const current = latest?.version ?? 0;
          if (input.baseVersion !== current) throw conflict(current);
          if (latest && latest.title === input.title && latest.body === body) throw new InvalidInput('legalUnchanged');
          return repo.insertVersion(tx, {
            kind,
            language,
            version: current + 1,
            title: input.title,
            body,
            publishedBy: adminId,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'legal_documents_kind_language_version_key')) {
          throw conflict((await repo.find(db, kind, language))?.version ?? 0);
        }
        throw error;
      }
      cache?.invalidate(LEGAL_CACHE_TAG);
      return { ...toSummary(row, true), body: row.body };
    },

    checkConsents,
    record,
    withdraw,

    /**
     * The account's marketing opt-in or opt-out, checked now, recorded by what this returns in the
     * transaction that changes the setting. Opting in names the consent text version shown.
     */
    async marketingChange(
      userId: string,
      input: { consent: boolean; document?: LegalDocumentRef | undefined },
      context: ConsentContext & { language: Language },
    ): Promise<InTransaction> {
      if (!input.consent) return (tx) => withdraw(tx, userId, ['marketing'], { ...context, source: 'account' });
      const checked = await checkConsents(input.document ? [input.document] : [], ['marketing']);
      return (tx) => record(tx, checked, { userId }, { ...context, source: 'account' });
    },

    /**
     * The cookie banner's choice for the notice version it showed. A visitor without an account is
     * known by a random id (returned, kept by the browser, sent with a later choice); a signed-in
     * visitor's choice also names the account.
     */
    async recordCookieChoice(
      input: CookieConsentBody,
      userId: string | null,
      context: ConsentContext,
    ): Promise<{ visitorId: string }> {
      if (limiter && limits) {
        const limit: Limit = {
          key: `consent:ip:${addressKey(context.ip)}`,
          max: limits.perIp,
          windowMs: limits.windowMs,
        };
        await limiter.hit(limit, 'rateLimited');
      }
      const checked = await checkConsents([input.document], ['cookies']);
      const visitorId = input.visitorId ?? randomUUID();
      await record(db, checked, { userId, visitorId }, { ...context, source: 'cookie_banner', granted: input.granted });
      return { visitorId };
    },

    /** The account's consents for its data export, oldest first. */
    async ofUser(userId: string): Promise<ConsentRecord[]> {
      return (await repo.ofUser(db, userId)).map(toRecord);
    },

    /** The admin's list: newest first, filtered by kind and days. */
    async list(filter: ConsentFilter, page: { page: number; limit: number }) {
      const { rows, total } = await repo.list(db, filter, { offset: (page.page - 1) * page.limit, limit: page.limit });
      return { items: rows.map(toRecord), meta: { total, page: page.page, limit: page.limit } };
    },

    /** Every consent the filter matches (up to CONSENT_EXPORT_CAP), oldest first. */
    async exportAll(filter: ConsentFilter): Promise<ConsentRecord[]> {
      return (await repo.all(db, filter, CONSENT_EXPORT_CAP)).map(toRecord);
    },
  };
}
export type LegalService = ReturnType<typeof createLegalService>;
