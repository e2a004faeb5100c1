import { applyPercentOff, PromoCodeSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

import type { PromoRecord } from './promo-codes.repo';
import { type PromoTarget, promoProblem } from './promo-codes.service';

let t: TestContext;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t, { name: 'admin' });
  user = await verifiedUser(t, { name: 'user' });
});
afterAll(() => t.close());

const LESSON = '00000000-0000-4000-8000-00000000000a';
const COURSE = '00000000-0000-4000-8000-00000000000c';
const NOW = new Date('2030-01-01T00:00:00Z');

function code(values: Partial<PromoRecord> = {}): PromoRecord {
  return {
    id: '00000000-0000-4000-8000-0000000000ff',
    code: 'SPRING',
    percentOff: 25,
    lessonIds: [],
    courseIds: [],
    maxUses: null,
    usedCount: 0,
    expiresAt: null,
    active: true,
    createdAt: NOW,
    ...values,
  };
}

const lesson: PromoTarget = { type: 'lesson', id: LESSON };
const course: PromoTarget = { type: 'course', id: COURSE };

describe('who may use a code (promoProblem: the reasons in the order they are checked)', () => {
  it.each([
    ['no such code', null, lesson, 'promoInvalid'],
    ['an inactive code', code({ active: false }), lesson, 'promoInvalid'],
    ['inactive beats expired', code({ active: false, expiresAt: new Date('2020-01-01') }), lesson, 'promoInvalid'],
    ['expired a moment ago', code({ expiresAt: NOW }), lesson, 'promoExpired'],
    ['expired and used up', code({ expiresAt: NOW, maxUses: 1, usedCount: 1 }), course, 'promoExpired'],
    ['used up', code({ maxUses: 2, usedCount: 2 }), lesson, 'promoUsedUp'],
    ['used up beats not applicable', code({ maxUses: 1, usedCount: 1, lessonIds: [COURSE] }), lesson, 'promoUsedUp'],
    ['for everything, on a lesson', code(), lesson, null],
    ['for everything, on a course', code(), course, null],
    ['for this lesson', code({ lessonIds: [LESSON] }), lesson, null],
    ['for other lessons', code({ lessonIds: [COURSE] }), lesson, 'promoNotForLesson'],
    ['for courses only, on a lesson', code({ courseIds: [COURSE] }), lesson, 'promoNotForLesson'],
    ['for this course', code({ courseIds: [COURSE] }), course, null],
    ['for lessons only, on a course', code({ lessonIds: [LESSON] }), course, 'promoNotForCourse'],
    ['for another course', code({ courseIds: [LESSON] }), course, 'promoNotForCourse'],
    [
      'with uses left, expiring later',
      code({ maxUses: 3, usedCount: 2, expiresAt: new Date('2031-01-01') }),
      course,
      null,
    ],
  ] as const)('%s → %s', (_, promo, target, problem) => {
    expect(promoProblem(promo, target, NOW)).toBe(problem);
  });
});

describe('promo maths (percent off in minor units, half up)', () => {
  it.each([
    [150_000, 25, 112_500],
    [150_000, 100, 0],
    [99, 50, 50],
    [1, 1, 1],
    [333, 33, 223],
    [100, 1, 99],
    [0, 50, 0],
  ])('%i minus %i %% → %i', (minor, percent, expected) => {
    expect(applyPercentOff(minor, percent)).toBe(expected);
  });
});

describe('admin promo codes', () => {
  const url = '/api/admin/promo-codes';
  it('creates a code stored upper-case with its usage count; a case-variant duplicate → 409', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { code: 'spring-25', percentOff: 25, maxUses: 10, expiresAt: '2099-01-01T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const promo = successEnvelope(PromoCodeSchema).parse(res.json()).data;
    expect(promo).toMatchObject({ code: 'SPRING-25', percentOff: 25, lessonIds: [], maxUses: 10, usedCount: 0 });
    const dup = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { code: 'Spring-25', percentOff: 5 },
    });
    expect(dup.statusCode).toBe(409);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${url}/${promo.id}`,
      headers: admin.headers,
      payload: { code: 'spring-25', percentOff: 30, maxUses: null },
    });
    expect(updated.json().data).toMatchObject({ percentOff: 30, maxUses: null, expiresAt: null });
    const list = (await t.app.inject({ method: 'GET', url, headers: admin.headers })).json().data;
    expect(list.map((p: { code: string }) => p.code)).toContain('SPRING-25');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${promo.id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['percent 0', { code: 'ZERO', percentOff: 0 }],
    ['percent 101', { code: 'MORE', percentOff: 101 }],
    ['a fractional percent', { code: 'HALF', percentOff: 12.5 }],
    ['a code with spaces', { code: 'TWO WORDS', percentOff: 10 }],
    ['a code too short', { code: 'AB', percentOff: 10 }],
    ['max uses 0', { code: 'NONE', percentOff: 10, maxUses: 0 }],
    ['a lesson id that is not a uuid', { code: 'LESSON', percentOff: 10, lessonIds: ['x'] }],
    ['a bad expiry', { code: 'WHEN', percentOff: 10, expiresAt: 'tomorrow' }],
  ])('%s → 400', async (_, payload) => {
    const res = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(res.statusCode).toBe(400);
  });

  it('guest 401, user 403', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: user.headers })).statusCode).toBe(403);
  });
});
