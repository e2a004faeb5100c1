/**
 * Course certificates (docs/decisions/0044): issued in the transaction of the report that completes
 * a course (`courseCompleted`, src/events.ts) with a random code, the learner's name and the course
 * title as they are that day, and the learner's language; listed to their owner, downloaded as a
 * PDF by the owner or an admin, and shown to anyone who has the code on the public verification
 * page. The code is the only key a stranger can use: 100 random bits, never derived from ids.
 * A certificate is revoked when the access that earned it ends (its course order cancelled or
 * refunded, docs/decisions/0058): the page then says so with the date, and the PDF is gone (410).
 */
import { randomInt } from 'node:crypto';
import {
  CERTIFICATE_CODE_ALPHABET,
  type Certificate,
  CertificateCodeParamSchema,
  type CertificateSummary,
  type CertificateVerification,
  fillText,
  type Language,
  localize,
  SERVER_MESSAGES,
} from '@atelier/shared';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { AppError, Forbidden, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import { PAGES_TAG, type PublicCache } from '../../platform/http/public-cache';
import type { SeoResult } from '../../platform/http/seo';
import type { OrderEvent } from '../orders/orders.schemas';
import type { CourseCompletedEvent } from '../progress/progress.schemas';
import { renderCertificatePdf } from './certificates.pdf';
import type { CertificateRecord, CertificatesRepo } from './certificates.repo';

/** A fresh code: five groups of four Crockford base-32 digits. */
export function newCertificateCode(): string {
  const digits = Array.from({ length: 20 }, () => CERTIFICATE_CODE_ALPHABET[randomInt(32)]).join('');
  return digits.match(/.{4}/g)?.join('-') ?? digits;
}

/** The name printed: first and last name when the profile has both, else the account name. */
function printedName(user: { name: string; firstName: string | null; lastName: string | null }): string {
  const full = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return user.firstName?.trim() && user.lastName?.trim() ? full : user.name.trim();
}

/**
 * PDFs kept in memory, most recently used last: a render takes tens of milliseconds of CPU, and a
 * certificate never changes, so downloading one again (or a script asking in a loop) costs nothing.
 * About 20 KB each.
 */
const RENDERED_MAX = 100;

/** Orders that change what a learner owns of lessons and courses. */
const hasTraining = (event: OrderEvent) =>
  event.userId !== null && event.items.some((item) => item.type === 'lesson' || item.type === 'course');

export function createCertificatesService({
  repo,
  publicUrl,
  pages,
  now = () => new Date(),
}: {
  repo: CertificatesRepo;
  publicUrl: string;
  /** The rendered pages: a verification page that changed (revoked, valid again) is rendered anew. */
  pages?: Pick<PublicCache, 'invalidate'>;
  now?: () => Date;
}) {
  const base = siteLinks(publicUrl).base;
  const rendered = new Map<string, Uint8Array>();
  const verifyUrl = (code: string) => `${base}/certificate/${code}`;

  const toCertificate = (row: CertificateRecord): Certificate => ({
    code: row.code,
    issuedAt: row.issuedAt.toISOString(),
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    name: row.name,
    language: row.language,
    verifyUrl: verifyUrl(row.code),
  });

  const toVerification = (row: CertificateRecord): CertificateVerification => ({
    code: row.code,
    name: row.name,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt.toISOString(),
    valid: row.revokedAt === null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  });

  async function found(code: string): Promise<CertificateRecord> {
    const row = await repo.byCode(code);
    if (!row) throw new NotFound('certificateNotFound', 'CERTIFICATE_NOT_FOUND');
    return row;
  }

  return {
    /** The learner completed every lesson of the course: their certificate, unless they have it. */
    async issue(tx: Tx, event: CourseCompletedEvent): Promise<void> {
      if (await repo.exists(tx, event.userId, event.courseId)) return;
      const { user, title } = await repo.subjects(tx, event.userId, event.courseId);
      if (!user || !title) return;
      const values = {
        userId: event.userId,
        courseId: event.courseId,
        name: printedName(user),
        courseTitle: title,
        language: event.language,
        issuedAt: new Date(),
      };
      // A clash of two random 100-bit codes is not expected; a retry covers it anyway.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await repo.insert(tx, { ...values, code: newCertificateCode() })) return;
        if (await repo.exists(tx, event.userId, event.courseId)) return;
      }
    },

    /**
     * `orderCancelled` (after its grants were taken back) and `orderConfirmed` (after they were
     * given): a certificate whose course the learner no longer has is revoked; one revoked before
     * whose access is back (bought again) is valid again. PDFs of the changed ones leave the cache.
     */
    async reconcile(tx: Tx, event: OrderEvent): Promise<void> {
      if (!hasTraining(event)) return;
      const changed = await repo.reconcile(tx, event.userId as string, now());
      const codes = [...changed.revoked, ...changed.reinstated];
      for (const code of codes) {
        for (const key of [...rendered.keys()]) if (key.startsWith(`${code} `)) rendered.delete(key);
      }
      if (codes.length > 0) pages?.invalidate(PAGES_TAG);
    },

    /** The learner's certificates by course id (what the progress summary shows). */
    async summariesOf(userId: string): Promise<Map<string, CertificateSummary>> {
      const rows = await repo.ofUser(userId);
      return new Map(
        rows
          .filter((row) => row.courseId !== null)
          .map((row) => [row.courseId as string, { code: row.code, issuedAt: row.issuedAt.toISOString() }]),
      );
    },

    async listOwn(userId: string): Promise<Certificate[]> {
      return (await repo.ofUser(userId)).map(toCertificate);
    },

    /** The public check: who, which course, when — nothing else about the account. 404 when unknown. */
    async verify(code: string): Promise<CertificateVerification> {
      return toVerification(await found(code));
    },

    /** The PDF for its owner or an admin, in `lang` or else the certificate's own language. */
    async pdf(user: SessionUser, code: string, lang?: Language): Promise<{ bytes: Uint8Array; filename: string }> {
      const row = await found(code);
      if (row.userId !== user.id && user.role !== 'admin')
        throw new Forbidden('certificateNotYours', 'NOT_YOUR_CERTIFICATE');
      if (row.revokedAt) throw new AppError(410, 'CERTIFICATE_REVOKED', 'certificateRevoked');
      const language = lang ?? row.language;
      const key = `${row.code} ${language}`;
      let bytes = rendered.get(key);
      if (bytes) {
        rendered.delete(key);
      } else {
        bytes = await renderCertificatePdf({
          code: row.code,
          name: row.name,
          courseTitle: localize(row.courseTitle, language),
          issuedAt: row.issuedAt,
          language,
          verifyUrl: verifyUrl(row.code),
        });
        if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
      }
      rendered.set(key, bytes);
      return { bytes, filename: fillText(SERVER_MESSAGES.certificatePdfFileName[language], { code: row.code }) };
    },

    /** The verification page's head: the course in the title; 404 for an unknown code. */
    async pageSeo(code: string | undefined, lang: Language): Promise<SeoResult> {
      const parsed = CertificateCodeParamSchema.safeParse({ code });
      const row = parsed.success ? await repo.byCode(parsed.data.code) : null;
      if (!row) return { status: 404 };
      return { title: `${SERVER_MESSAGES.certificatePdfHeading[lang]} — ${localize(row.courseTitle, lang)}` };
    },
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
