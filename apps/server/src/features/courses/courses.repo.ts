import type { Image } from '@atelier/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, lessons, orderItems, purchases } from '../../db/schema';
import type { LessonForOrder } from '../checkout/checkout.schemas';
import { courseOwnedBy } from '../entitlements/entitlements.service';

export type CourseRecord = typeof courses.$inferSelect;
export type CourseInsert = typeof courses.$inferInsert;

type Q = Db | Tx;

const lessonColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  number: lessons.number,
  title: lessons.title,
  level: lessons.level,
  durationMinutes: lessons.durationMinutes,
  poster: lessons.poster,
  published: lessons.published,
  position: lessons.positionInCourse,
  hasVideo: sql<boolean>`coalesce(jsonb_typeof(${lessons.video}) = 'object', false)`,
};
export type CourseLessonRow = {
  id: string;
  courseId: string | null;
  number: number;
  title: CourseRecord['title'];
  level: CourseRecord['level'];
  durationMinutes: number | null;
  poster: CourseRecord['cover'];
  published: boolean;
  position: number | null;
  hasVideo: boolean;
};

/**
 * Courses and master classes: a course groups lessons in order through `lessons.course_id` +
 * `lessons.position_in_course` (a lesson belongs to at most one course, which is also how the
 * purchase of a course unlocks its lessons: see `owns` in lessons.repo.ts).
 */
export function createCoursesRepo(db: Db) {
  const repo = {
    async list(options: { publishedOnly: boolean; ids?: string[] }, q: Q = db): Promise<CourseRecord[]> {
      const where = and(
        options.publishedOnly ? eq(courses.published, true) : undefined,
        options.ids ? inArray(courses.id, options.ids) : undefined,
      );
      if (options.ids && options.ids.length === 0) return [];
      return q.select().from(courses).where(where).orderBy(asc(courses.sortOrder), asc(courses.createdAt));
    },

    async find(id: string, q: Q = db): Promise<CourseRecord | null> {
      const [row] = await q.select().from(courses).where(eq(courses.id, id)).limit(1);
      return row ?? null;
    },

    /** Lessons of the given courses in course order (published ones only when `publishedOnly`). */
    async lessonsOf(courseIds: string[], publishedOnly: boolean, q: Q = db): Promise<CourseLessonRow[]> {
      if (courseIds.length === 0) return [];
      return q
        .select(lessonColumns)
        .from(lessons)
        .where(and(inArray(lessons.courseId, courseIds), publishedOnly ? eq(lessons.published, true) : undefined))
        .orderBy(asc(lessons.positionInCourse), asc(lessons.number));
    },

    /** Course ids the user bought. */
    async ownedCourses(userId: string, courseIds: string[], q: Q = db): Promise<Set<string>> {
      if (courseIds.length === 0) return new Set();
      const rows = await q
        .select({ id: courses.id })
        .from(courses)
        .where(and(inArray(courses.id, courseIds), courseOwnedBy(userId, courses.id)));
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Credit per course (minor RUB): what the user paid for single lessons that are now in the
     * course. Only purchases of the lessons themselves count (a course purchase is not a credit).
     */
    async credits(userId: string, courseIds: string[], q: Q = db): Promise<Map<string, number>> {
      if (courseIds.length === 0) return new Map();
      const rows = await q
        .select({ courseId: lessons.courseId, paid: sql<string>`coalesce(sum(${purchases.pricePaidRub}), 0)` })
        .from(purchases)
        .innerJoin(lessons, eq(lessons.id, purchases.lessonId))
        .where(and(eq(purchases.userId, userId), isNotNull(purchases.lessonId), inArray(lessons.courseId, courseIds)))
        .groupBy(lessons.courseId);
      return new Map(rows.map((row) => [row.courseId as string, Number(row.paid)]));
    },

    /**
     * Takes one seat of a seat-limited course atomically. The row lock of the UPDATE queues
     * concurrent buyers; each re-checks `seats_taken < seat_limit` after the previous one
     * committed, so 5 seats are sold exactly 5 times however many buyers race.
     */
    async takeSeat(tx: Tx, id: string): Promise<boolean> {
      const rows = await tx
        .update(courses)
        .set({ seatsTaken: sql`${courses.seatsTaken} + 1` })
        .where(and(eq(courses.id, id), isNotNull(courses.seatLimit), lt(courses.seatsTaken, courses.seatLimit)))
        .returning({ id: courses.id });
      return rows.length === 1;
    },

    /** Gives seats back (their orders were cancelled). Courses without a limit are untouched. */
    async releaseSeats(tx: Tx, courseIds: string[]): Promise<number> {
      if (courseIds.length === 0) return 0;
      const rows = await tx
        .update(courses)
        .set({ seatsTaken: sql`greatest(${courses.seatsTaken} - 1, 0)` })
        .where(and(inArray(courses.id, courseIds), isNotNull(courses.seatLimit)))
        .returning({ id: courses.id });
      return rows.length;
    },

    async insert(tx: Tx, values: CourseInsert): Promise<CourseRecord> {
      const [row] = await tx.insert(courses).values(values).returning();
      return row!;
    },

    async update(tx: Tx, id: string, values: Partial<CourseInsert>): Promise<CourseRecord | null> {
      const [row] = await tx
        .update(courses)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(courses.id, id))
        .returning();
      return row ?? null;
    },

    async hasOrders(id: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.courseId, id));
      return (row?.n ?? 0) > 0;
    },

    async remove(tx: Tx, id: string): Promise<CourseRecord | null> {
      await tx.update(lessons).set({ courseId: null, positionInCourse: null }).where(eq(lessons.courseId, id));
      const [row] = await tx.delete(courses).where(eq(courses.id, id)).returning();
      return row ?? null;
    },

    /**
     * Makes `lessonIds` (in this order) the lessons of the course. Returns the ids that do not exist
     * and those that belong to another course; the caller refuses the write when any are returned.
     */
    async setLessons(tx: Tx, courseId: string, lessonIds: string[]): Promise<{ missing: string[]; taken: string[] }> {
      if (lessonIds.length > 0) {
        const found = await tx
          .select({ id: lessons.id, courseId: lessons.courseId })
          .from(lessons)
          .where(inArray(lessons.id, lessonIds));
        const byId = new Map(found.map((row) => [row.id, row.courseId]));
        const missing = lessonIds.filter((id) => !byId.has(id));
        const taken = lessonIds.filter((id) => {
          const owner = byId.get(id);
          return owner !== undefined && owner !== null && owner !== courseId;
        });
        if (missing.length > 0 || taken.length > 0) return { missing, taken };
      }
      await tx
        .update(lessons)
        .set({ courseId: null, positionInCourse: null })
        .where(
          and(eq(lessons.courseId, courseId), lessonIds.length > 0 ? notInArray(lessons.id, lessonIds) : undefined),
        );
      for (const [position, id] of lessonIds.entries()) {
        await tx
          .update(lessons)
          .set({ courseId, positionInCourse: position })
          .where(and(eq(lessons.id, id), or(isNull(lessons.courseId), eq(lessons.courseId, courseId))));
      }
      return { missing: [], taken: [] };
    },

    /** Courses by id for `userId`, keyed by id: what an order line is priced from. Runs on `q`. */
    async forOrder(q: Q, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> {
      if (ids.length === 0) return new Map();
      const rows = await q
        .select({
          id: courses.id,
          title: courses.title,
          priceRub: courses.priceRub,
          priceEur: courses.priceEur,
          priceUsd: courses.priceUsd,
          published: courses.published,
          cover: courses.cover,
          seatLimit: courses.seatLimit,
          seatsTaken: courses.seatsTaken,
          owned: courseOwnedBy(userId, courses.id),
        })
        .from(courses)
        .where(inArray(courses.id, ids));
      const credits = await repo.credits(userId, ids, q);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            type: 'course',
            name: row.title,
            priceRubMinor: row.priceRub,
            priceEurMinor: row.priceEur,
            priceUsdMinor: row.priceUsd,
            published: row.published,
            image: (row.cover as Image | null)?.thumb ?? null,
            owned: row.owned,
            courseId: null,
            seatsLeft: row.seatLimit === null ? null : Math.max(row.seatLimit - row.seatsTaken, 0),
            creditRubMinor: credits.get(row.id) ?? 0,
          },
        ]),
      );
    },

    /** The user's course purchases, newest first. */
    listPurchases(userId: string) {
      return db
        .select({
          id: purchases.id,
          courseId: purchases.courseId,
          orderId: purchases.orderId,
          pricePaidRub: purchases.pricePaidRub,
          createdAt: purchases.createdAt,
        })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), isNotNull(purchases.courseId)))
        .orderBy(sql`${purchases.createdAt} desc`);
    },
  };
  return repo;
}
export type CoursesRepo = ReturnType<typeof createCoursesRepo>;
