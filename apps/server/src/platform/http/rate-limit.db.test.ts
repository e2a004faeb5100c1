/**
 * `hitAll` counts several limits in one statement (one commit per counted request) and refuses
 * like `hit` does: the first limit whose window is full answers 429 with its Retry-After.
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { createRateLimiter } from './rate-limit';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const counters = async (prefix: string) =>
  Object.fromEntries(
    (
      await t.database.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `${prefix}%`))
    ).map((row) => [row.key, row.hits]),
  );

describe('hitAll', () => {
  it('counts every limit once per call, and refuses once any of them is over its max', async () => {
    const now = 1_800_000_000_000;
    const limiter = createRateLimiter(t.database.db, () => now);
    const limits = [
      { key: 'all:ip:1', max: 3, windowMs: 60_000 },
      { key: 'all:account:a', max: 2, windowMs: 60_000 },
    ];
    await limiter.hitAll(limits);
    await limiter.hitAll(limits);
    expect(await counters('all:')).toEqual({ 'all:ip:1': 2, 'all:account:a': 2 });
    const refused = await limiter.hitAll(limits).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 429 });
    expect((refused as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(await counters('all:')).toEqual({ 'all:ip:1': 3, 'all:account:a': 3 });
    // Another account from the same address still has room until the address is over.
    await limiter.hitAll([limits[0]!, { key: 'all:account:b', max: 2, windowMs: 60_000 }]).then(
      () => expect.unreachable('the address is over its max'),
      (error: unknown) => expect(error).toMatchObject({ statusCode: 429 }),
    );
  });
});
