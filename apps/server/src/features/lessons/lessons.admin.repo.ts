import type { Chapter, Image, Language } from '@atelier/shared';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessons, orderItems, type SubtitlesRef, studentWorks } from '../../db/schema';
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

    async setChapters(id: string, chapters: Chapter[]): Promise<LessonRecord | null> {
      const [row] = await db
        .update(lessons)
        .set({ chapters, updatedAt: new Date() })
        .where(eq(lessons.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Points the lesson's `lang` subtitles at `ref` (null = none), under a row lock so two saves of
     * one language cannot both see the same old file: each gets the ref it replaced, to delete.
     */
    async replaceSubtitles(
      id: string,
      lang: Language,
      ref: SubtitlesRef | null,
    ): Promise<{ row: LessonRecord; replaced: SubtitlesRef | null } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ subtitles: lessons.subtitles })
          .from(lessons)
          .where(eq(lessons.id, id))
          .for('update');
        if (!before) return null;
        const subtitles = { ...before.subtitles };
        const replaced = subtitles[lang] ?? null;
        if (ref) subtitles[lang] = ref;
        else delete subtitles[lang];
        const [row] = await tx
          .update(lessons)
          .set({ subtitles, updatedAt: new Date() })
          .where(eq(lessons.id, id))
          .returning();
        return { row: row!, replaced };
      });
    },

    /** Deletes the lesson (its students' works go with it); with the photos of those works to remove. */
    async deleteLesson(id: string): Promise<{ row: LessonRecord; workPhotos: Image[] } | null> {
      return db.transaction(async (tx) => {
        const works = await tx
          .select({ image: studentWorks.image })
          .from(studentWorks)
          .where(eq(studentWorks.lessonId, id));
        const [row] = await tx.delete(lessons).where(eq(lessons.id, id)).returning();
        if (!row) return null;
        return { row, workPhotos: works.flatMap((work) => (work.image ? [work.image] : [])) };
      });
    },
  };
}
export type LessonsAdminRepo = ReturnType<typeof createLessonsAdminRepo>;
