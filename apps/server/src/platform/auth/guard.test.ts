/**
 * Roles: walk the full app's route table and check every /api route's declared access
 * for a guest, a user and an admin. Only the guard's answer (401/403 or not) is asserted; bodies
 * and params are merely plausible. A route without a declaration fails at registration already.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { enforceAccessDeclarations, routeNeedsDeclaration } from '../http/access';
import { registerErrorHandling } from '../http/error-handler';
import { registerAuthGuard } from './guard';
import { createSession } from './sessions';

let t: TestContext;
let userId: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_AUTH_PER_IP: '100000' } });
  const password = 'Route-Table-1';
  userId = (await verifiedUser(t, { email: 'rt-user@example.com', name: 'User', password })).id;
  adminId = (await adminUser(t, { email: 'rt-admin@example.com', password })).id;
});
afterAll(() => t.close());

const SAMPLE_PARAMS: Record<string, string> = {
  id: '6f1c3b9e-2d4a-4c8e-9f0a-1b2c3d4e5f60',
  token: 'a'.repeat(43),
  lang: 'ru',
  provider: 'test',
  imageIndex: '0',
};

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x').replace(/\*/g, 'x');
}

function apiRoutes() {
  const seen = new Set<string>();
  return t.app.routeTable.filter((r) => {
    if (!routeNeedsDeclaration(r.url) || r.method === 'HEAD' || r.method === 'OPTIONS') return false;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function call(method: string, url: string, who: 'guest' | 'user' | 'admin') {
  // A fresh session per call, so a route like logout cannot spoil the next check.
  const token = who === 'guest' ? undefined : await createSession(t.database.db, who === 'user' ? userId : adminId);
  const hasBody = !['GET', 'DELETE'].includes(method) || url.startsWith('/api/user/account');
  return t.app.inject({
    method: method as 'GET',
    url: concreteUrl(url),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('route table: every /api route answers guest, user and admin as it declares', () => {
  it('has the account routes with the expected declarations', () => {
    const declared = Object.fromEntries(apiRoutes().map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(declared).toMatchObject({
      'GET /api/auth/captcha': 'public',
      'POST /api/auth/register': 'public',
      'POST /api/auth/login': 'public',
      'POST /api/auth/logout': 'user',
      'GET /api/auth/me': 'user',
      'POST /api/auth/change-password': 'user',
      'GET /api/user/profile': 'user',
      'PUT /api/user/profile': 'user',
      'GET /api/user/export': 'user',
      'DELETE /api/user/account': 'user',
    });
    for (const route of apiRoutes())
      expect(['public', 'user', 'admin'], `${route.method} ${route.url}`).toContain(route.access);
  });

  it('public → never 401/403; user → guest 401, user/admin pass; admin → guest 401, user 403, admin passes', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const [guest, user, admin] = [
        await call(route.method, route.url, 'guest'),
        await call(route.method, route.url, 'user'),
        await call(route.method, route.url, 'admin'),
      ];
      const denied = (s: number) => s === 401 || s === 403;
      const expectation =
        route.access === 'public'
          ? !denied(guest.statusCode) && !denied(user.statusCode) && !denied(admin.statusCode)
          : route.access === 'user'
            ? guest.statusCode === 401 && !denied(user.statusCode) && !denied(admin.statusCode)
            : guest.statusCode === 401 && user.statusCode === 403 && !denied(admin.statusCode);
      if (!expectation) {
        failures.push(
          `${route.method} ${route.url} (${route.access}): guest ${guest.statusCode}, user ${user.statusCode}, admin ${admin.statusCode}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('a 401 from the guard is the UNAUTHORIZED envelope, a 403 the FORBIDDEN one (checked on an admin route)', async () => {
    // The product has no admin routes yet; a bare app with the same guard and one admin route.
    const app = Fastify();
    registerErrorHandling(app);
    enforceAccessDeclarations(app);
    registerAuthGuard(app, { db: t.database.db });
    app.get('/api/admin/probe', { config: { access: 'admin' } }, async (request) => ({ id: request.user?.id }));
    expect(() => app.get('/api/admin/undeclared', async () => ({}))).toThrow(/must declare config.access/);
    const user = await createSession(t.database.db, userId);
    const admin = await createSession(t.database.db, adminId);
    const probe = (token?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/admin/probe',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const guest = await probe();
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', message: 'Требуется авторизация' });
    const asUser = await probe(user);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Доступ запрещён' });
    const asAdmin = await probe(admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ id: adminId });
    await app.close();
  });
});
