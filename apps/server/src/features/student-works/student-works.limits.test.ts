/**
 * Customers' photo posts share one allowance per account and per client address with the
 * deletions that would free a moderation slot (decision 0092): posting, deleting and posting again
 * cannot cycle past the cap on waiting works. IPv6 clients are counted by their /64.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts';
import { type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { grant, lessonWithFiles } from '../../test/lessons';
import { blobOf, pngBytes } from '../../test/uploads';

let t: TestContext;
let lesson: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_UPLOADS_PER_ACCOUNT: '4', RATE_LIMIT_UPLOADS_PER_IP: '6', RATE_LIMIT_WINDOW_MINUTES: '1440' },
  });
  lesson = await lessonWithFiles(t);
  png = await pngBytes();
});
afterAll(() => t.close());

async function student(name: string): Promise<TestUser> {
  const user = await verifiedUser(t, { name });
  await grant(t, user.id, lesson);
  return user;
}

function post(user: TestUser, ip: string) {
  const body = new FormData();
  body.append('caption', 'Мои пионы');
  body.append('image', blobOf(png, 'image/png'), 'w.png');
  return t.app.inject({
    method: 'POST',
    url: `/api/student-works/lessons/${lesson}`,
    headers: { ...bearer(user.token), 'accept-language': 'en' },
    payload: body as never,
    remoteAddress: ip,
  });
}
const remove = (user: TestUser, id: string, ip: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/student-works/${id}`,
    headers: { ...bearer(user.token), 'accept-language': 'en' },
    remoteAddress: ip,
  });

describe('the upload allowance', () => {
  it('counts deletions: post, delete, post, delete, then the next post is a 429 with Retry-After', async () => {
    const user = await student('Cycler');
    const ip = '10.9.0.1';
    for (let i = 0; i < 2; i++) {
      const posted = await post(user, ip);
      expect(posted.statusCode, posted.body).toBe(201);
      expect((await remove(user, posted.json().data.id, ip)).statusCode).toBe(200);
    }
    const fifth = await post(user, ip);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many uploads and deletions in a short time. Please try again later',
    });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts IPv6 clients by their /64: new addresses in one subnet share one allowance', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const user = await student(`Subnet${i}`);
      statuses.push((await post(user, `2001:db8:7:1::${i.toString(16)}`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    // Another /64 has its own allowance.
    expect((await post(await student('Neighbour'), '2001:db8:7:2::1')).statusCode).toBe(201);
  });
});
