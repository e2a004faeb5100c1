import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createLocalStorage } from '../storage/local-storage';
import { routeNeedsDeclaration } from './access';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // A route that fails unexpectedly, to check that 5xx replies leak nothing.
  t.app.log.level = 'silent';
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('unknown API route → 404 envelope in the request language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Resource not found' });
  });

  it('defaults messages to Russian', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.json().message).toBe('Ресурс не найден');
  });

  it('malformed JSON → 400 BAD_REQUEST, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(res.json().message).toBe('La solicitud llegó dañada. Inténtelo de nuevo');
  });

  it('body over the limit → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(t.config.bodyLimitBytes + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('unsupported content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect([404, 415]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
  });

  it('every reply carries a request id, and a sane incoming one is kept', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: { reachable: true } });
  });
});

describe('readiness (/api/ready)', () => {
  it('is ready while the database and the storage answer; liveness says the same', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      ready: true,
      draining: false,
      database: { reachable: true },
      storage: { reachable: true },
    });
  });

  it('is 503 while draining (shutdown begun) while /api/health stays 200', async () => {
    const { buildApp } = await import('../../app');
    const app = await buildApp({ ...t.platform, config: t.config, database: t.database, logger: false });
    app.startDraining();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data).toMatchObject({ ready: false, draining: true, database: { reachable: true } });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('is 503 when the file storage cannot be written', async () => {
    const { buildApp } = await import('../../app');
    // A regular file where the storage root's parent directory should be: nothing can be created.
    const blocker = join(t.dataDir, 'not-a-directory');
    writeFileSync(blocker, 'x');
    const storage = createLocalStorage({ root: join(blocker, 'files') });
    const app = await buildApp({ ...t.platform, storage, config: t.config, database: t.database, logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toMatchObject({ ready: false, draining: false, storage: { reachable: false } });
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths['/api/health']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('route access declarations', () => {
  it('every API route in the table declares public, user or admin', () => {
    const api = t.app.routeTable.filter((r) => routeNeedsDeclaration(r.url));
    expect(api.map((r) => r.url)).toContain('/api/health');
    expect(api.filter((r) => !r.access)).toEqual([]);
  });

  it('registering a route without a declaration fails', async () => {
    const { buildApp } = await import('../../app');
    const app = await buildApp({ ...t.platform, config: t.config, database: t.database, logger: false });
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/must declare config.access/);
    await app.close();
  });
});

describe('validation details', () => {
  it.each([
    ['ru', /ожидалось число/],
    ['en', /expected number/],
    ['es', /se esperaba número/],
  ])('field messages follow Accept-Language (%s)', async (lang, pattern) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop?limit=abc',
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as { field: string; message: string }[];
    expect(fields).toEqual([
      expect.objectContaining({ field: 'querystring.limit', message: expect.stringMatching(pattern) }),
    ]);
  });
});

describe('input the router or the database cannot take', () => {
  it.each([
    ['/api/shop/%ZZ', 'broken percent-encoding'],
    ['/api/shop/%ED%A0%80', 'an encoded lone surrogate'],
    ['/api/shop/%', 'a lone %'],
  ])('%s (%s) → 400 envelope, not Fastify’s own body', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'BAD_REQUEST', message: 'Bad request' });
  });

  it('a path parameter over the router’s length limit → 414 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/reset-password/${'a'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, code: 'URI_TOO_LONG', message: 'Слишком длинный адрес запроса' });
  });

  it.each([
    ['NUL in a query value', 'GET', '/api/shop?search=a%00b', undefined, 'querystring.search'],
    ['NUL in a JSON body', 'POST', '/api/auth/login', '{"email":"anna@example.com","password":"x\\u0000"}', 'password'],
    [
      'a lone surrogate in a JSON body',
      'POST',
      '/api/auth/login',
      '{"email":"anna@example.com","password":"\\ud800"}',
      'password',
    ],
  ])(
    '%s → 400 VALIDATION_ERROR naming the field (PostgreSQL cannot store it)',
    async (_name, method, url, payload, field) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'accept-language': 'en', 'content-type': 'application/json' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fields: [{ field, message: 'The text contains characters that are not allowed' }] },
      });
    },
  );
});

describe('access log redaction', () => {
  it.each([
    ['/api/auth/verify-email/abc.def', '/api/auth/verify-email/[redacted]'],
    ['/reset-password/XYZ?x=1', '/reset-password/[redacted]?x=1'],
    ['/api/downloads/t0k3n', '/api/downloads/[redacted]'],
    ['/api/training/lessons/1/video?token=secret&x=1', '/api/training/lessons/1/video?token=[redacted]&x=1'],
    ['/api/shop?limit=24', '/api/shop?limit=24'],
    [
      '/api/training/lessons/9b2c/video?u=5f1e-user&e=1893456000&s=Zm9vYmFyYmF6',
      '/api/training/lessons/9b2c/video?u=[redacted]&e=[redacted]&s=[redacted]',
    ],
    [
      '/api/training/lessons/9b2c/methodology/ru?u=5f1e-user&e=1893456000&s=Zm9vYmFyYmF6&download=1',
      '/api/training/lessons/9b2c/methodology/ru?u=[redacted]&e=[redacted]&s=[redacted]&download=1',
    ],
    [
      '/api/training/lessons/9b2c/subtitles/es?u=5f1e-user&e=1893456000&s=Zm9vYmFyYmF6',
      '/api/training/lessons/9b2c/subtitles/es?u=[redacted]&e=[redacted]&s=[redacted]',
    ],
    ['/uploads/a.mp4?sig=abc&exp=1', '/uploads/a.mp4?sig=[redacted]&exp=1'],
    ['/api/shop?s=roses&u=1', '/api/shop?s=roses&u=1'],
  ])('%s is logged as %s', async (url, expected) => {
    const { redactUrl } = await import('../../app');
    expect(redactUrl(url)).toBe(expected);
  });
});
