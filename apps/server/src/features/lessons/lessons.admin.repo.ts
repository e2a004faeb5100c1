import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessons, orderItems } from '../../db/schema';
import type { LessonRecord } from './lessons.repo';

export type LessonInsert = typeof lessons.$inferInsert;

/** Lessons as the admin edits them: every lesson, published or not, with its private file refs. */
export function createLessonsAdminRepo(db: Db) {
  return {
    listLessons(): Promise<LessonRecord[]> {
      return db.select().from(lessons).orderBy(asc(lessons.number));
    },

    async findLesson(id: string): Promise<LessonRecord | null> {
      const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
      return row ?? null;
    },

    async insertLesson(values: LessonInsert): Promise<LessonRecord> {
      const [row] = await db.insert(lessons).values(values).returning();
      return row!;
    },

    async updateLesson(id: string, values: Partial<LessonInsert>): Promise<LessonRecord | null> {
      const [row] = await db
        .update(lessons)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(lessons.id, id))
        .returning();
      return row ?? null;
    },

    async lessonHasOrders(id: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.lessonId, id));
      return (row?.n ?? 0) > 0;
    },

    async deleteLesson(id: string): Promise<LessonRecord | null> {
      const [row] = await db.delete(lessons).where(eq(lessons.id, id)).returning();
      return row ?? null;
    },
  };
}
export type LessonsAdminRepo = ReturnType<typeof createLessonsAdminRepo>;
