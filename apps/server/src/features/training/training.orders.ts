/**
 * Used by orders (owner: the orders feature; re-exported from training.service.ts): the data a
 * lesson or course line of an order is priced from. Runs on the caller's transaction.
 */
import type { Image, LocalizedText } from '@atelier/shared';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, lessons, purchases } from '../../db/schema';

export interface LessonForOrder {
  id: string;
  type: 'lesson' | 'course';
  name: LocalizedText;
  /** Minor units; eur/usd null = not sold in that currency. */
  priceRubMinor: number;
  priceEurMinor: number | null;
  priceUsdMinor: number | null;
  published: boolean;
  image: string | null;
  /** The user already owns it (a purchase of the lesson, or of the course it belongs to). */
  owned: boolean;
}

/** Lessons by id for `userId`, keyed by id. */
export async function lessonsForOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({
      id: lessons.id,
      title: lessons.title,
      priceRub: lessons.priceRub,
      priceEur: lessons.priceEur,
      priceUsd: lessons.priceUsd,
      published: lessons.published,
      poster: lessons.poster,
      courseId: lessons.courseId,
    })
    .from(lessons)
    .where(inArray(lessons.id, ids));
  const courseIds = rows.map((row) => row.courseId).filter((id): id is string => id !== null);
  const owned = await q
    .select({ lessonId: purchases.lessonId, courseId: purchases.courseId })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        or(
          inArray(purchases.lessonId, ids),
          courseIds.length > 0 ? and(isNotNull(purchases.courseId), inArray(purchases.courseId, courseIds)) : undefined,
        ),
      ),
    );
  const ownedLessons = new Set(owned.map((row) => row.lessonId));
  const ownedCourses = new Set(owned.map((row) => row.courseId));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        type: 'lesson',
        name: row.title,
        priceRubMinor: row.priceRub,
        priceEurMinor: row.priceEur,
        priceUsdMinor: row.priceUsd,
        published: row.published,
        image: (row.poster as Image | null)?.thumb ?? null,
        owned: ownedLessons.has(row.id) || (row.courseId !== null && ownedCourses.has(row.courseId)),
      },
    ]),
  );
}

/** Courses by id for `userId`, keyed by id. */
export async function coursesForOrder(q: Db | Tx, ids: string[], userId: string): Promise<Map<string, LessonForOrder>> {
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
    })
    .from(courses)
    .where(inArray(courses.id, ids));
  const owned = await q
    .select({ courseId: purchases.courseId })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.courseId, ids)));
  const ownedCourses = new Set(owned.map((row) => row.courseId));
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
        owned: ownedCourses.has(row.id),
      },
    ]),
  );
}
