/**
 * Per-person replies are never cached: every `user` and `admin` route of the route table (and the
 * auth routes that hand out tokens) answers with `Cache-Control: no-store`, on success and on
 * refusal; the public cached reads keep their own header.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, GOOD_PASSWORD, login } from '../../test/accounts';
import { adminUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: Record<'user' | 'admin', string>;

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    user: (await verifiedUser(t, { email: 'cache@example.com', password: GOOD_PASSWORD })).token,
    admin: (await adminUser(t)).token,
  };
});
afterAll(() => t.close());

const privateRoutes = () => t.app.routeTable.filter((r) => r.access === 'user' || r.access === 'admin');
const concrete = (url: string) => url.replace(/:[^/]+/g, () => randomUUID());

describe('Cache-Control: no-store on per-user and admin replies', () => {
  it('every user/admin GET without path parameters, called as its role, answers no-store', async () => {
    const routes = privateRoutes().filter((r) => r.method === 'GET' && !r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({
        method: 'GET',
        url: route.url,
        headers: bearer(tokens[route.access as 'user' | 'admin']),
      });
      // A route may choose a stricter variant ("private, no-store"): no-store is what counts.
      const header = String(res.headers['cache-control'] ?? '');
      if (res.statusCode >= 500 || !header.includes('no-store')) {
        missing.push(`${route.url} → ${res.statusCode} ${header}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every user/admin route (any method, any parameters) answers no-store, also when it refuses', async () => {
    const missing: string[] = [];
    for (const route of privateRoutes()) {
      for (const headers of [{}, bearer('not-a-session-token-0123456789')]) {
        const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        if (!String(res.headers['cache-control']).includes('no-store')) {
          missing.push(`${route.method} ${route.url} → ${res.headers['cache-control']}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('an admin route refused to a customer (403) answers no-store', async () => {
    const route = privateRoutes().find((r) => r.access === 'admin' && r.method === 'GET' && !r.url.includes(':'));
    const res = await t.app.inject({ method: 'GET', url: route!.url, headers: bearer(tokens.user) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it.each([
    ['login', () => login(t, 'cache@example.com', GOOD_PASSWORD)],
    ['the captcha', () => t.app.inject({ method: 'GET', url: '/api/auth/captcha' })],
    ['who am I', () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.user) })],
  ])('the auth reply of %s answers no-store', async (_name, call) => {
    const res = await call();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it.each(['/api/shop', '/api/portfolio', '/api/landing', '/api/reviews'])(
    'the public cached read %s keeps its public header, logged in or not',
    async (url) => {
      for (const headers of [{}, bearer(tokens.user)]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      }
    },
  );
});
