/**
 * Who owns what the shop sells for use, not for delivery: one answer for lessons, progress,
 * certificates, the lesson's media and checkout. An account owns a course it bought, and a lesson
 * it bought on its own or with its course; what an order granted goes when the order is cancelled
 * or the line refunded (the `purchases` rows are the rights, each naming the order that gave it).
 *
 * The rule is written once, as SQL (`lessonOwnedBy`, `opensLesson`), so a list of lessons reads
 * "bought?" in the same query; the functions below ask it of one lesson or a few.
 */
import { type AnyColumn, and, eq, getTableName, inArray, is, isNotNull, or, SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { purchases } from '../../db/schema';

type Q = Db | Tx;

/** A lesson as the rule reads it: its id and its course (columns of a query, or values). */
export interface LessonRef {
  id: AnyColumn | SQL | string;
  courseId: AnyColumn | SQL | string | null;
}

/**
 * A column written with its table's name. Drizzle leaves the table out of columns in a one-table
 * select list, also inside a subquery written there, where `"id"` would then name the subquery's
 * own column: every column of the rule is written whole.
 */
function whole(value: AnyColumn | SQL | string): SQL | string {
  if (typeof value === 'string' || is(value, SQL)) return value;
  return sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}`;
}

const bought = {
  user: whole(purchases.userId),
  lesson: whole(purchases.lessonId),
  course: whole(purchases.courseId),
};

/** The purchases that open `lesson`: of the lesson itself, or of the course it belongs to. */
export function opensLesson(lesson: LessonRef): SQL {
  const id = whole(lesson.id);
  if (lesson.courseId === null) return sql`${bought.lesson} = ${id}`;
  const courseId = whole(lesson.courseId);
  if (typeof courseId === 'string') return sql`(${bought.lesson} = ${id} or ${bought.course} = ${courseId})`;
  return sql`(${bought.lesson} = ${id} or (${courseId} is not null and ${bought.course} = ${courseId}))`;
}

/** SQL true when `userId` owns `lesson` (a column of a list of lessons, or in a where clause). */
export function lessonOwnedBy(userId: string, lesson: LessonRef): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${purchases} where ${bought.user} = ${userId} and ${opensLesson(lesson)})`;
}

/** SQL true when `userId` bought the course of the row (`course`: its id column). */
export function courseOwnedBy(userId: string, course: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${purchases} where ${bought.user} = ${userId} and ${bought.course} = ${whole(course)})`;
}

export function createEntitlements(db: Db) {
  return {
    /** Whether `userId` owns the lesson (bought it, or its course). */
    async ownsLesson(userId: string, lesson: { id: string; courseId: string | null }, q: Q = db): Promise<boolean> {
      const [row] = await q
        .select({ one: sql`1` })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), opensLesson(lesson)))
        .limit(1);
      return row !== undefined;
    },

    /** Of these lessons, the ones `userId` owns. */
    async ownedLessons(
      userId: string,
      lessons: readonly { id: string; courseId: string | null }[],
      q: Q = db,
    ): Promise<Set<string>> {
      if (lessons.length === 0) return new Set();
      const courseIds = [...new Set(lessons.flatMap((lesson) => (lesson.courseId ? [lesson.courseId] : [])))];
      const rows = await q
        .select({ lessonId: purchases.lessonId, courseId: purchases.courseId })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            or(
              inArray(
                purchases.lessonId,
                lessons.map((lesson) => lesson.id),
              ),
              courseIds.length > 0 ? inArray(purchases.courseId, courseIds) : undefined,
            ),
          ),
        );
      const lessonIds = new Set(rows.map((row) => row.lessonId));
      const courses = new Set(rows.map((row) => row.courseId));
      return new Set(
        lessons
          .filter((lesson) => lessonIds.has(lesson.id) || (lesson.courseId !== null && courses.has(lesson.courseId)))
          .map((lesson) => lesson.id),
      );
    },

    /** The courses `userId` bought, of `courseIds` (all of them when not given). */
    async ownedCourses(userId: string, courseIds?: readonly string[], q: Q = db): Promise<Set<string>> {
      if (courseIds?.length === 0) return new Set();
      const rows = await q
        .select({ courseId: purchases.courseId })
        .from(purchases)
        .where(
          and(
            eq(purchases.userId, userId),
            courseIds ? inArray(purchases.courseId, [...courseIds]) : isNotNull(purchases.courseId),
          ),
        );
      return new Set(rows.map((row) => row.courseId as string));
    },
  };
}
export type Entitlements = ReturnType<typeof createEntitlements>;
