import type { Image, StudentWorkStatus } from '@atelier/shared';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lessons, studentWorks, users } from '../../db/schema';

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const workColumns = {
  id: studentWorks.id,
  lessonId: studentWorks.lessonId,
  authorName: studentWorks.authorName,
  caption: studentWorks.caption,
  image: studentWorks.image,
  status: studentWorks.status,
  createdAt: studentWorks.createdAt,
};
const teaserColumns = { ...workColumns, lessonTitle: lessons.title };
const adminColumns = { ...teaserColumns, userEmail: users.email, moderatedAt: studentWorks.moderatedAt };
// Newest first; the id keeps pages stable.
const newestFirst = [desc(studentWorks.createdAt), asc(studentWorks.id)];
const publicWork = and(eq(studentWorks.status, 'approved'), eq(lessons.published, true));

export function createStudentWorksRepo(db: Db | Tx) {
  return {
    /** Approved works of one published lesson, newest first. */
    async listApprovedOfLesson(lessonId: string, limit: number) {
      return db
        .select(workColumns)
        .from(studentWorks)
        .innerJoin(lessons, eq(lessons.id, studentWorks.lessonId))
        .where(and(eq(studentWorks.lessonId, lessonId), publicWork))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /** The newest approved works of every published lesson, with the lesson's title. */
    async listApproved(limit: number) {
      return db
        .select(teaserColumns)
        .from(studentWorks)
        .innerJoin(lessons, eq(lessons.id, studentWorks.lessonId))
        .where(publicWork)
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /** The user's own works on a lesson, whatever their status, newest first. */
    async listOwn(userId: string, lessonId: string) {
      return db
        .select(workColumns)
        .from(studentWorks)
        .where(and(eq(studentWorks.userId, userId), eq(studentWorks.lessonId, lessonId)))
        .orderBy(...newestFirst)
        .limit(50);
    },

    async listForAdmin(
      filter: { status?: StudentWorkStatus; search?: string },
      page: { offset: number; limit: number },
    ) {
      const filters: SQL[] = [];
      if (filter.status) filters.push(eq(studentWorks.status, filter.status));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        filters.push(
          sql`(${studentWorks.caption} ilike ${pattern} or ${studentWorks.authorName} ilike ${pattern} or ${users.email} ilike ${pattern} or ${lessons.title}::text ilike ${pattern})`,
        );
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [totals]] = await Promise.all([
        db
          .select(adminColumns)
          .from(studentWorks)
          .innerJoin(lessons, eq(lessons.id, studentWorks.lessonId))
          .leftJoin(users, eq(users.id, studentWorks.userId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: count() })
          .from(studentWorks)
          .innerJoin(lessons, eq(lessons.id, studentWorks.lessonId))
          .leftJoin(users, eq(users.id, studentWorks.userId))
          .where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findById(id: string) {
      const [row] = await db
        .select({ ...adminColumns, userId: studentWorks.userId })
        .from(studentWorks)
        .innerJoin(lessons, eq(lessons.id, studentWorks.lessonId))
        .leftJoin(users, eq(users.id, studentWorks.userId))
        .where(eq(studentWorks.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Locks the author's row: posts of one author are counted and inserted one at a time. */
    async lockAuthor(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async countPending(userId: string, lessonId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(studentWorks)
        .where(
          and(eq(studentWorks.userId, userId), eq(studentWorks.lessonId, lessonId), eq(studentWorks.status, 'pending')),
        );
      return row?.n ?? 0;
    },

    async insert(values: { lessonId: string; userId: string; authorName: string; caption: string; image: Image }) {
      const [row] = await db
        .insert(studentWorks)
        .values({ ...values, status: 'pending' })
        .returning({ id: studentWorks.id });
      return row!.id;
    },

    /** Approves a work that still has its photo; false when there is no such work with a photo. */
    async approve(id: string): Promise<boolean> {
      const rows = await db
        .update(studentWorks)
        .set({ status: 'approved', moderatedAt: new Date() })
        .where(and(eq(studentWorks.id, id), isNotNull(studentWorks.image)))
        .returning({ id: studentWorks.id });
      return rows.length > 0;
    },

    /** Rejects the work and forgets its photo; the photo for the caller to remove (undefined = no such work). */
    async reject(id: string): Promise<{ image: Image | null } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ image: studentWorks.image })
          .from(studentWorks)
          .where(eq(studentWorks.id, id))
          .for('update');
        if (!before) return undefined;
        await tx
          .update(studentWorks)
          .set({ status: 'rejected', image: null, moderatedAt: new Date() })
          .where(eq(studentWorks.id, id));
        return { image: before.image ?? null };
      });
    },

    /** Deletes the work (only the author's own when `userId` is given); its photo for the caller to remove. */
    async delete(id: string, userId?: string): Promise<{ image: Image | null } | undefined> {
      const where = userId ? and(eq(studentWorks.id, id), eq(studentWorks.userId, userId)) : eq(studentWorks.id, id);
      const [row] = await db.delete(studentWorks).where(where).returning({ image: studentWorks.image });
      return row ? { image: row.image ?? null } : undefined;
    },
  };
}
export type StudentWorksRepo = ReturnType<typeof createStudentWorksRepo>;
export type StudentWorkRow = Awaited<ReturnType<StudentWorksRepo['listOwn']>>[number];
export type StudentWorkTeaserRow = Awaited<ReturnType<StudentWorksRepo['listApproved']>>[number];
export type AdminStudentWorkRow = Awaited<ReturnType<StudentWorksRepo['listForAdmin']>>['rows'][number];
