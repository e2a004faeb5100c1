/**
 * The queries of certificates (table certificates): one per learner and course, found by its code
 * or its owner; issuing reads the learner's name and the course title on the issuing transaction.
 */
import type { Language, LocalizedText } from '@atelier/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { certificates, courses, users } from '../../db/schema';

export type CertificateRecord = typeof certificates.$inferSelect;

export function createCertificatesRepo(db: Db) {
  return {
    async byCode(code: string): Promise<CertificateRecord | null> {
      const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
      return row ?? null;
    },

    /** The learner's certificates, oldest first. */
    ofUser(userId: string): Promise<CertificateRecord[]> {
      return db
        .select()
        .from(certificates)
        .where(eq(certificates.userId, userId))
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
