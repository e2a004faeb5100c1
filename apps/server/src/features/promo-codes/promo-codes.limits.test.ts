/**
 * Promo codes cannot be guessed by trying: every check and every purchase naming a code counts
 * against one allowance per account and one per client address (429 past it), and wrong codes of
 * every kind get the same answer (docs/decisions/0057).
 */
import { ErrorBodySchema } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../db/schema';
import { verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { lessonWithFiles } from '../../test/lessons';

let t: TestContext;
let lesson: string;

beforeAll(async () => {
  // A small allowance per address so the per-address limit shows with a few accounts.
  // Day-long windows: a count that straddles the turn of a 15-minute window would start again.
  t = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '12', RATE_LIMIT_WINDOW_MINUTES: '1440' } });
  lesson = await lessonWithFiles(t, { priceRub: 150_000 });
  await t.database.db.insert(promoCodes).values({ code: 'SILK10', percentOff: 10 });
});
afterAll(() => t.close());

function check(headers: Record<string, string>, promoCode: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/training/lessons/${lesson}/promo-check`,
    headers: { ...headers, 'accept-language': 'en' },
    payload: { promoCode },
    remoteAddress,
  });
}

describe('promo-code guessing', () => {
  it('60 wrong codes from one account and one address end in 429; then even the right code is refused', async () => {
    const user = await verifiedUser(t, { name: 'guesser' });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof check>> | undefined;
    for (let i = 0; i < 60; i++) {
      const res = await check(user.headers, `GUESS${i}`, '10.1.0.1');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses).toContain(429);
    // Every answer before the first 429 was the one refusal, every answer after it a 429.
    const first = statuses.indexOf(429);
    expect(statuses.slice(0, first).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    expect(ErrorBodySchema.parse(limited!.json())).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many promo codes tried. Please try again later',
    });
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(user.headers, 'SILK10', '10.1.0.1')).statusCode).toBe(429);
    // A purchase naming a code counts too, and is refused before any order.
    const buy = await t.app.inject({
      method: 'POST',
      url: `/api/training/lessons/${lesson}/purchase`,
      headers: { ...user.headers, 'accept-language': 'en' },
      payload: { promoCode: 'SILK10' },
      remoteAddress: '10.1.0.1',
    });
    expect(buy.statusCode).toBe(429);
  });

  it('one address trying codes with many accounts is limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const user = await verifiedUser(t, { name: `sock${i}` });
      statuses.push((await check(user.headers, `SOCK${i}`, '10.2.0.2')).statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429, 429]);
    // Another address is not affected.
    const other = await verifiedUser(t, { name: 'neighbour' });
    expect((await check(other.headers, 'SILK10', '10.3.0.3')).statusCode).toBe(200);
  });

  it('the course check counts against the same allowance', async () => {
    const user = await verifiedUser(t, { name: 'courser' });
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/training/courses/00000000-0000-4000-8000-000000000000/promo-check',
        headers: user.headers,
        payload: { promoCode: `C${i}` },
        remoteAddress: '10.4.0.4',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
