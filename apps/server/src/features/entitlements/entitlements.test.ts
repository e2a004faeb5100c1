import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, purchases } from '../../db/schema';
import { verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { courseOwnedBy, createEntitlements, lessonOwnedBy } from './entitlements.service';

let t: TestContext;
let buyer: string;
let other: string;
const ids = { course: '', otherCourse: '', inCourse: '', alone: '', boughtAlone: '', otherInCourse: '' };

let number = 900;
async function lesson(courseId: string | null) {
  const [row] = await t.database.db
    .insert(lessons)
    .values({ number: number++, title: { ru: 'Урок' }, description: { ru: '' }, level: 'basic', priceRub: 1, courseId })
    .returning({ id: lessons.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = (await verifiedUser(t)).id;
  other = (await verifiedUser(t)).id;
  const made = await t.database.db
    .insert(courses)
    .values([
      { title: { ru: 'Курс' }, description: { ru: '' }, level: 'basic', priceRub: 1 },
      { title: { ru: 'Другой' }, description: { ru: '' }, level: 'basic', priceRub: 1 },
    ])
    .returning({ id: courses.id });
  ids.course = made[0]!.id;
  ids.otherCourse = made[1]!.id;
  ids.inCourse = await lesson(ids.course);
  ids.otherInCourse = await lesson(ids.otherCourse);
  ids.alone = await lesson(null);
  ids.boughtAlone = await lesson(ids.otherCourse);
  await t.database.db.insert(purchases).values([
    // The buyer bought the course (it opens its lessons) and one lesson of another course alone.
    { userId: buyer, courseId: ids.course },
    { userId: buyer, lessonId: ids.boughtAlone },
    // Someone else bought the other course: nothing of it is the buyer's.
    { userId: other, courseId: ids.otherCourse },
  ]);
});
afterAll(() => t.close());

describe('who owns a lesson or a course', () => {
  it('a lesson is owned bought alone or with its course; nobody else’s purchase counts', async () => {
    const rights = createEntitlements(t.database.db);
    const all = await t.database.db.select({ id: lessons.id, courseId: lessons.courseId }).from(lessons);
    const expected = new Set([ids.inCourse, ids.boughtAlone]);
    for (const row of all) expect(await rights.ownsLesson(buyer, row), row.id).toBe(expected.has(row.id));
    expect(await rights.ownedLessons(buyer, all)).toEqual(expected);
    expect(await rights.ownedLessons(other, all)).toEqual(new Set([ids.otherInCourse, ids.boughtAlone]));
  });

  it('the same rule as a column of a list and in a where clause', async () => {
    const listed = await t.database.db.select({ id: lessons.id, owned: lessonOwnedBy(buyer, lessons) }).from(lessons);
    expect(new Set(listed.filter((row) => row.owned).map((row) => row.id))).toEqual(
      new Set([ids.inCourse, ids.boughtAlone]),
    );
    const filtered = await t.database.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(lessonOwnedBy(buyer, { id: ids.otherInCourse, courseId: ids.otherCourse }));
    expect(filtered).toEqual([]);
  });

  it('a course is owned only when bought as a course', async () => {
    const rights = createEntitlements(t.database.db);
    expect(await rights.ownedCourses(buyer)).toEqual(new Set([ids.course]));
    expect(await rights.ownedCourses(buyer, [ids.otherCourse])).toEqual(new Set());
    const listed = await t.database.db
      .select({ id: courses.id, owned: courseOwnedBy(buyer, courses.id) })
      .from(courses)
      .where(eq(courses.id, ids.course));
    expect(listed).toEqual([{ id: ids.course, owned: true }]);
  });
});
