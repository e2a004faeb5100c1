/**
 * The queries of certificates (table certificates): one per learner and course, found by its code
 * or its owner; issuing reads the learner's name and the course title on the issuing transaction.
 */
import type { Language, LocalizedText } from '@atelier/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { certificates, courses, lessons, users } from '../../db/schema';
import { courseOwnedBy, lessonOwnedBy } from '../entitlements/entitlements.service';

export type CertificateRecord = typeof certificates.$inferSelect;

export function createCertificatesRepo(db: Db) {
  return {
    async byCode(code: string): Promise<CertificateRecord | null> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
      return row ?? null;
    },

    /** The learner's valid certificates, oldest first (a revoked one is no longer theirs to show). */
    ofUser(userId: string): Promise<CertificateRecord[]> {
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
        .orderBy(asc(certificates.issuedAt), asc(certificates.code));
    },

    async exists(tx: Tx, userId: string, courseId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
        .limit(1);
      return row !== undefined;
    },

    /** What a certificate snapshots: the learner's names and the course title, as they are now. */
    async subjects(
      tx: Tx,
      userId: string,
      courseId: string,
    ): Promise<{
      user: { name: string; firstName: string | null; lastName: string | null } | null;
      title: LocalizedText | null;
    }> {
      const [user] = await tx
        .select({ name: users.name, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).limit(1);
      return { user: user ?? null, title: course?.title ?? null };
    },

    /**
     * Brings the learner's certificates in line with what they own now: a valid one whose course
     * they no longer have access to is revoked at `at`; a revoked one whose access is back is valid
     * again. Access to a course = its purchase, or a purchase of every lesson of it that counts
     * (published, with a video: what completing the course took). Returns the codes changed.
     */
    async reconcile(tx: Tx, userId: string, at: Date): Promise<{ revoked: string[]; reinstated: string[] }> {
      // Qualified by hand: inside the subqueries a bare course_id would name the inner tables' column.
      const course = sql.raw('"certificates"."course_id"');
      // Who owns what is the entitlements' rule: the course bought, or every lesson that counts owned.
      const lesson = { id: sql.raw('l.id'), courseId: sql.raw('l.course_id') };
      const entitled = sql`(
        ${courseOwnedBy(userId, course)}
        or not exists (
          select 1 from ${lessons} l
          where l.course_id = ${course} and l.published
            and coalesce(jsonb_typeof(l.video) = 'object', false)
            and not ${lessonOwnedBy(userId, lesson)}
        )
      )`;
      const revoked = await tx
        .update(certificates)
        .set({ revokedAt: at })
        .where(
          and(
            eq(certificates.userId, userId),
            isNull(certificates.revokedAt),
            sql`${certificates.courseId} is not null and not ${entitled}`,
          ),
        )
        .returning({ code: certificates.code });
      const reinstated = await tx
        .update(certificates)
        .set({ revokedAt: null })
        .where(
          and(
            eq(certificates.userId, userId),
            sql`${certificates.revokedAt} is not null and ${certificates.courseId} is not null and ${entitled}`,
          ),
        )
        .returning({ code: certificates.code });
      return { revoked: revoked.map((r) => r.code), reinstated: reinstated.map((r) => r.code) };
    },

    /** Stores a new certificate; false when the learner already has this course's (or the code is taken). */
    async insert(
      tx: Tx,
      values: {
        code: string;
        userId: string;
        courseId: string;
        name: string;
        courseTitle: LocalizedText;
        language: Language;
        issuedAt: Date;
      },
    ): Promise<boolean> {
      const rows = await tx
        .insert(certificates)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: certificates.id });
      return rows.length > 0;
    },
  };
}
export type CertificatesRepo = ReturnType<typeof createCertificatesRepo>;
