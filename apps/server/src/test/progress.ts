/**
 * Test fixtures for learning progress and certificates: a course of lessons with measurable
 * videos, the player's reports, and wall-clock time passing for the credit bucket (its last refill
 * moved into the past, as if the learner had been watching that long).
 */
import type { LearningProgress, LessonProgress, LocalizedText } from '@atelier/shared';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, purchases, watchCredit } from '../db/schema';
import type { TestUser } from './factory';
import type { TestContext } from './harness';
import { lessonWithFiles, mp4Lasting } from './lessons';

/** A published course whose lessons have videos of these lengths (seconds), in this order. */
export async function courseWithLessons(
  t: TestContext,
  lengths: number[],
  title: LocalizedText = { ru: 'Пионы и сирень', en: 'Peonies and lilac', es: 'Peonías y lilas' },
): Promise<{ courseId: string; lessonIds: string[] }> {
  const [course] = await t.database.db
    .insert(courses)
    .values({ title, description: { ru: 'Курс' }, level: 'basic', priceRub: 500_000 })
    .returning({ id: courses.id });
  const lessonIds: string[] = [];
  for (const [position, seconds] of lengths.entries()) {
    const id = await lessonWithFiles(t, {
      video: mp4Lasting(seconds),
      values: { courseId: course!.id, positionInCourse: position },
    });
    lessonIds.push(id);
  }
  return { courseId: course!.id, lessonIds };
}

export async function buyCourse(t: TestContext, userId: string, courseId: string) {
  await t.database.db.insert(purchases).values({ userId, courseId, pricePaidRub: 500_000 });
}

/** The player's report, as it comes. */
export function report(
  t: TestContext,
  user: Pick<TestUser, 'headers'> | null,
  lessonId: string,
  body: unknown,
  lang = 'ru',
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/training/lessons/${lessonId}/progress`,
    headers: { ...(user?.headers ?? {}), 'accept-language': lang },
    payload: body as object,
  });
}

/** A report that must be accepted: the lesson's progress after it. */
export async function reported(
  t: TestContext,
  user: TestUser,
  lessonId: string,
  body: unknown,
  lang = 'ru',
): Promise<LessonProgress> {
  const res = await report(t, user, lessonId, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LessonProgress;
}

/** `seconds` of wall-clock time pass for the learner's credit bucket. */
export async function timePasses(t: TestContext, userId: string, seconds: number) {
  await t.database.db
    .update(watchCredit)
    .set({ refilledAt: sql`${watchCredit.refilledAt} - make_interval(secs => ${seconds})` })
    .where(eq(watchCredit.userId, userId));
}

/** Watches `[from, to)` at 2×: reports of 30 s of video, each after 15 s of wall-clock time. */
export async function watch(t: TestContext, user: TestUser, lessonId: string, from: number, to: number, lang = 'ru') {
  let progress: LessonProgress | null = null;
  for (let start = from; start < to; start += 30) {
    await timePasses(t, user.id, 15);
    const end = Math.min(start + 30, to);
    progress = await reported(t, user, lessonId, { positionSeconds: end, segments: [{ from: start, to: end }] }, lang);
  }
  return progress as LessonProgress;
}

export async function summaryOf(t: TestContext, user: TestUser): Promise<LearningProgress> {
  const res = await t.app.inject({ method: 'GET', url: '/api/training/progress', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LearningProgress;
}
