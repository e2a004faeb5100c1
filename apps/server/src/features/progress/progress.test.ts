/**
 * Learning progress through the API: watched time comes from the stretches the player reports,
 * merged, clipped to the video's measured length and credited no faster than 2× wall-clock time;
 * a lesson is completed at 90 %; course progress, "continue" and the admin's completion per lesson.
 */
import {
  ErrorBodySchema,
  LearningProgressSchema,
  LessonCompletionSchema,
  LessonProgressSchema,
  successEnvelope,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lessons, videoProgress } from '../../db/schema';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, grant, lessonWithFiles, mp4Lasting } from '../../test/lessons';
import { buyCourse, courseWithLessons, report, reported, summaryOf, timePasses, watch } from '../../test/progress';

let t: TestContext;
let solo: string;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  solo = await lessonWithFiles(t, { video: mp4Lasting(100) });
  admin = await adminUser(t);
  stranger = await verifiedUser(t, { name: 'stranger' });
});
afterAll(() => t.close());

/** A fresh learner who owns the 100-second lesson `solo`. */
async function learner(name = 'learner') {
  const user = await verifiedUser(t, { name });
  await grant(t, user.id, solo);
  return user;
}

const row = async (userId: string, lessonId: string) => {
  const [found] = await t.database.db
    .select()
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)));
  return found;
};

describe('watched time comes from the reported stretches', () => {
  it('a position alone, even at the very end, is not watching', async () => {
    const user = await learner();
    const progress = await reported(t, user, solo, { positionSeconds: 99 });
    expect(LessonProgressSchema.parse(progress)).toMatchObject({
      positionSeconds: 99,
      watchedSeconds: 0,
      durationSeconds: 100,
      watchedPercent: 0,
      completed: false,
      completedAt: null,
    });
  });

  it('a stretch played counts, measured against the length read from the video itself', async () => {
    const user = await learner();
    const progress = await reported(t, user, solo, { positionSeconds: 12, segments: [{ from: 0, to: 12.5 }] });
    expect(progress).toMatchObject({
      watchedSeconds: 12.5,
      durationSeconds: 100,
      watchedPercent: 12,
      completed: false,
    });
    expect((await row(user.id, solo))?.watched).toEqual([[0, 125]]);
  });

  it('replaying a stretch counts it once; overlapping stretches are merged', async () => {
    const user = await learner();
    await reported(t, user, solo, { positionSeconds: 10, segments: [{ from: 0, to: 10 }] });
    await timePasses(t, user.id, 10);
    await reported(t, user, solo, { positionSeconds: 10, segments: [{ from: 0, to: 10 }] });
    await timePasses(t, user.id, 10);
    const progress = await reported(t, user, solo, {
      positionSeconds: 15,
      segments: [
        { from: 5, to: 15 },
        { from: 8, to: 12 },
      ],
    });
    expect(progress.watchedSeconds).toBe(15);
    expect((await row(user.id, solo))?.watched).toEqual([[0, 150]]);
  });

  it('a stretch beyond the video is clipped to its length', async () => {
    const user = await learner();
    const progress = await reported(t, user, solo, { positionSeconds: 100, segments: [{ from: 95, to: 4000 }] });
    expect(progress.watchedSeconds).toBe(5);
    expect((await row(user.id, solo))?.watched).toEqual([[950, 1000]]);
  });
});

describe('no more than wall-clock time allows', () => {
  it('a script claiming the whole lesson at once is credited 30 s (one full bucket)', async () => {
    const user = await learner();
    const progress = await reported(t, user, solo, { positionSeconds: 100, segments: [{ from: 0, to: 100 }] });
    expect(progress.watchedSeconds).toBe(30);
    expect(progress.completed).toBe(false);
  });

  it('reporting again at once credits nothing more; time passing refills 2 s per second', async () => {
    const user = await learner();
    const started = Date.now();
    /** The most a learner may have been credited by now: the bucket, plus 2× the time since the start. */
    const ceiling = (simulated: number) => 30 + 2 * ((Date.now() - started) / 1000 + simulated) + 0.1;
    await reported(t, user, solo, { positionSeconds: 30, segments: [{ from: 0, to: 30 }] });
    const again = await reported(t, user, solo, { positionSeconds: 60, segments: [{ from: 30, to: 60 }] });
    expect(again.watchedSeconds).toBeLessThanOrEqual(ceiling(0));
    await timePasses(t, user.id, 5);
    const later = await reported(t, user, solo, { positionSeconds: 60, segments: [{ from: 30, to: 60 }] });
    expect(later.watchedSeconds).toBeGreaterThanOrEqual(40);
    expect(later.watchedSeconds).toBeLessThanOrEqual(ceiling(5));
  });

  it('an hour of rest does not bank more than the 30-second bucket', async () => {
    const user = await learner();
    await reported(t, user, solo, { positionSeconds: 30, segments: [{ from: 0, to: 30 }] });
    await timePasses(t, user.id, 3600);
    const progress = await reported(t, user, solo, { positionSeconds: 100, segments: [{ from: 30, to: 100 }] });
    expect(progress.watchedSeconds).toBe(60);
  });

  it('the bucket is the learner’s, not the lesson’s: two lessons at once share it', async () => {
    const user = await learner();
    const other = await lessonWithFiles(t, { video: mp4Lasting(100) });
    await grant(t, user.id, other);
    const started = Date.now();
    const a = await reported(t, user, solo, { positionSeconds: 20, segments: [{ from: 0, to: 20 }] });
    const b = await reported(t, user, other, { positionSeconds: 20, segments: [{ from: 0, to: 20 }] });
    expect(a.watchedSeconds).toBe(20);
    expect(a.watchedSeconds + b.watchedSeconds).toBeLessThanOrEqual(30 + (2 * (Date.now() - started)) / 1000 + 0.1);
  });

  it('reports on five lessons sent at once share the bucket too (they take turns)', async () => {
    const user = await verifiedUser(t);
    const lessonIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await lessonWithFiles(t, { video: mp4Lasting(100) });
      await grant(t, user.id, id);
      lessonIds.push(id);
    }
    // The bucket exists (and is full) before the race starts.
    await reported(t, user, lessonIds[0] as string, { positionSeconds: 0 });
    await reported(t, user, lessonIds[0] as string, { positionSeconds: 0, segments: [{ from: 0, to: 0.1 }] });
    await timePasses(t, user.id, 60);
    const started = Date.now();
    const answers = await Promise.all(
      lessonIds.map((id) => report(t, user, id, { positionSeconds: 30, segments: [{ from: 10, to: 40 }] })),
    );
    const credited = answers.map((res) => res.json().data.watchedSeconds as number);
    const total = credited.reduce((sum, seconds) => sum + seconds, 0) - 0.1;
    expect(total).toBeLessThanOrEqual(30 + (2 * (Date.now() - started)) / 1000 + 0.1);
  });

  it('the same report sent twice at once is credited once (reports of one learner take turns)', async () => {
    const user = await learner();
    const body = { positionSeconds: 20, segments: [{ from: 0, to: 20 }] };
    const [first, second] = await Promise.all([report(t, user, solo, body), report(t, user, solo, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await row(user.id, solo))?.watched).toEqual([[0, 200]]);
    await timePasses(t, user.id, 10);
    const progress = await reported(t, user, solo, { positionSeconds: 40, segments: [{ from: 20, to: 40 }] });
    // 30 at first, 20 spent, +20 for ten seconds: capped at 30, so the next 20 fit in full.
    expect(progress.watchedSeconds).toBe(40);
  });
});

describe('completed at 90 %', () => {
  it('89.9 % is not completed; 90 % is, with the time; it stays completed', async () => {
    const user = await learner();
    const almost = await watch(t, user, solo, 0, 89.9);
    expect(almost).toMatchObject({ watchedPercent: 89, completed: false, completedAt: null });
    await timePasses(t, user.id, 5);
    const done = await reported(t, user, solo, { positionSeconds: 90, segments: [{ from: 89.9, to: 90 }] });
    expect(done).toMatchObject({ watchedPercent: 90, completed: true });
    expect(Date.now() - Date.parse(done.completedAt ?? '')).toBeLessThan(60_000);
    const later = await reported(t, user, solo, { positionSeconds: 3 });
    expect(later.completedAt).toBe(done.completedAt);
  });

  it('a lesson whose length is unknown (no readable header, no stated minutes) counts nothing', async () => {
    const user = await verifiedUser(t);
    const unknown = await lessonWithFiles(t, { video: fakeMp4(5000) });
    await grant(t, user.id, unknown);
    const progress = await reported(t, user, unknown, { positionSeconds: 10, segments: [{ from: 0, to: 10 }] });
    expect(progress).toMatchObject({ durationSeconds: null, watchedSeconds: 0, positionSeconds: 10, completed: false });
  });

  it('the admin’s stated minutes stand in when the header does not tell', async () => {
    const user = await verifiedUser(t);
    const stated = await lessonWithFiles(t, { video: fakeMp4(5000), values: { durationMinutes: 2 } });
    await grant(t, user.id, stated);
    const progress = await reported(t, user, stated, { positionSeconds: 10, segments: [{ from: 0, to: 12 }] });
    expect(progress).toMatchObject({ durationSeconds: 120, watchedSeconds: 12, watchedPercent: 10 });
  });

  it('a replaced video is measured again', async () => {
    const user = await verifiedUser(t);
    const lesson = await lessonWithFiles(t, { video: mp4Lasting(100) });
    await grant(t, user.id, lesson);
    expect((await reported(t, user, lesson, { positionSeconds: 1 })).durationSeconds).toBe(100);
    const other = await lessonWithFiles(t, { video: mp4Lasting(250) });
    const [replacement] = await t.database.db
      .select({ video: lessons.video })
      .from(lessons)
      .where(eq(lessons.id, other));
    await t.database.db
      .update(lessons)
      .set({ video: replacement?.video ?? null })
      .where(eq(lessons.id, lesson));
    expect((await reported(t, user, lesson, { positionSeconds: 1 })).durationSeconds).toBe(250);
  });
});

describe('who may report, and what', () => {
  it('a guest → 401, a signed-in non-purchaser → 403, an unknown lesson → 404; nothing is stored', async () => {
    const body = { positionSeconds: 50, segments: [{ from: 0, to: 20 }] };
    expect((await report(t, null, solo, body)).statusCode).toBe(401);
    const res = await report(t, stranger, solo, body);
    expect(res.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('FORBIDDEN');
    expect(await row(stranger.id, solo)).toBeUndefined();
    expect((await report(t, stranger, '00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
  });

  it('an admin who did not buy the lesson keeps a position but is credited no watching', async () => {
    const progress = await reported(t, admin, solo, { positionSeconds: 40, segments: [{ from: 0, to: 20 }] });
    expect(progress).toMatchObject({ positionSeconds: 40, watchedSeconds: 0 });
  });

  it.each([
    ['a negative time', { positionSeconds: 5, segments: [{ from: -1, to: 3 }] }],
    ['a stretch that ends before it starts', { positionSeconds: 5, segments: [{ from: 8, to: 3 }] }],
    ['an empty stretch', { positionSeconds: 5, segments: [{ from: 3, to: 3 }] }],
    ['a time past a day', { positionSeconds: 5, segments: [{ from: 0, to: 86_401 }] }],
    ['a time that is not a number', { positionSeconds: 5, segments: [{ from: '0', to: 3 }] }],
    ['an extra field in a stretch', { positionSeconds: 5, segments: [{ from: 0, to: 3, rate: 16 }] }],
    ['an extra field in the report', { positionSeconds: 5, segments: [], watchedSeconds: 100 }],
    [
      '51 stretches',
      { positionSeconds: 5, segments: Array.from({ length: 51 }, (_, i) => ({ from: i, to: i + 0.5 })) },
    ],
    ['no position', { segments: [{ from: 0, to: 3 }] }],
    ['stretches not in a list', { positionSeconds: 5, segments: { from: 0, to: 3 } }],
  ])('%s → 400 and nothing changes', async (_, body) => {
    const user = await learner();
    await reported(t, user, solo, { positionSeconds: 7, segments: [{ from: 0, to: 7 }] });
    const before = await row(user.id, solo);
    const res = await report(t, user, solo, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
    expect(await row(user.id, solo)).toEqual(before);
  });

  it('GET …/progress still answers the position alone', async () => {
    const user = await learner();
    await reported(t, user, solo, { positionSeconds: 42.7 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/training/lessons/${solo}/progress`,
      headers: user.headers,
    });
    expect(res.json().data).toEqual({ positionSeconds: 42 });
  });
});

describe('GET /api/training/progress: lessons, courses, where to continue', () => {
  it('course progress is completed lessons out of those with a video; continue points at the latest unfinished', async () => {
    const { courseId, lessonIds } = await courseWithLessons(t, [60, 60, 60]);
    const [first, second, third] = lessonIds as [string, string, string];
    // A lesson of the course without a video: nothing to watch, so not counted.
    await lessonWithFiles(t, { values: { courseId, positionInCourse: 9 } });
    const user = await verifiedUser(t);
    await buyCourse(t, user.id, courseId);

    let summary = LearningProgressSchema.parse(await summaryOf(t, user));
    expect(summary.lessons.map((lesson) => lesson.lessonId).sort()).toEqual([...lessonIds].sort());
    expect(summary.courses).toEqual([
      {
        courseId,
        completedLessons: 0,
        totalLessons: 3,
        percent: 0,
        completed: false,
        certificate: null,
        continueLessonId: first,
      },
    ]);
    expect(summary.continue).toBeNull();

    await watch(t, user, first, 0, 60);
    await watch(t, user, second, 0, 20);
    summary = await summaryOf(t, user);
    expect(summary.courses[0]).toMatchObject({
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      continueLessonId: second,
    });
    expect(summary.continue).toMatchObject({ lessonId: second, positionSeconds: 20, watchedPercent: 33, courseId });
    expect(summary.lessons.find((lesson) => lesson.lessonId === first)).toMatchObject({
      completed: true,
      watchedPercent: 100,
    });

    // A later position in the first lesson does not make it "continue": it is completed.
    await reported(t, user, first, { positionSeconds: 10 });
    expect((await summaryOf(t, user)).continue?.lessonId).toBe(second);
    await reported(t, user, third, { positionSeconds: 5 });
    expect((await summaryOf(t, user)).continue?.lessonId).toBe(third);
  });

  it('a learner with nothing bought has an empty summary; a guest gets 401', async () => {
    expect(await summaryOf(t, stranger)).toEqual({ lessons: [], courses: [], continue: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/training/progress' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/progress/lessons', () => {
  it('counts per lesson the purchasers, those who started and those who completed', async () => {
    const { courseId, lessonIds } = await courseWithLessons(t, [40]);
    const lesson = lessonIds[0] as string;
    const [a, b, c] = [await verifiedUser(t), await verifiedUser(t), await verifiedUser(t)];
    for (const user of [a, b, c]) await buyCourse(t, user.id, courseId);
    await watch(t, a, lesson, 0, 40);
    await reported(t, b, lesson, { positionSeconds: 12 });
    expect((await report(t, stranger, lesson, { positionSeconds: 3 })).statusCode).toBe(403);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/progress/lessons', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const rows = successEnvelope(z.array(LessonCompletionSchema)).parse(res.json()).data;
    expect(rows.find((entry) => entry.lessonId === lesson)).toEqual({
      lessonId: lesson,
      purchasers: 3,
      started: 2,
      completed: 1,
    });

    const asUser = await t.app.inject({ method: 'GET', url: '/api/admin/progress/lessons', headers: a.headers });
    expect(asUser.statusCode).toBe(403);
  });
});
