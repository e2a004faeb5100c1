import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESSIBLE_TYPES, PERMISSIONS_POLICY, type SecurityOptions, securityPlugin } from './security';

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "media-src 'self' blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';" +
  "form-action 'self';frame-ancestors 'none'";

const BIG_JSON = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Роза ${i}` })) };

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function build(options: SecurityOptions = { publicUrl: 'http://127.0.0.1:3000' }) {
  app = fastify();
  await app.register(securityPlugin, options);
  // A route registered in a child scope after the plugin: fastify-plugin must make the hooks global.
  await app.register(async (child) => {
    child.get('/api/big', async () => BIG_JSON);
    child.get('/api/small', async () => ({ ok: true }));
    child.get('/bin', { compress: false }, async (_req, reply) =>
      reply.type('application/octet-stream').send(Buffer.alloc(4096, 1)),
    );
    child.get('/photo.webp', async (_req, reply) => reply.type('image/webp').send(Buffer.alloc(4096, 2)));
  });
  await app.ready();
  return app;
}

describe('security headers', () => {
  it('sends the strict CSP and the other hardening headers on every response, 404s included', async () => {
    await build();
    for (const url of ['/api/small', '/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe(EXPECTED_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests only for an https public URL', async () => {
    await build({ publicUrl: 'https://atelier.example' });
    const res = await app.inject({ method: 'GET', url: '/api/small' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(res.headers['content-security-policy']).toBe(`${EXPECTED_CSP};upgrade-insecure-requests`);
  });

  it('lets payment providers be added to form-action and connect-src', async () => {
    await build({
      publicUrl: 'http://127.0.0.1:3000',
      extraSources: { formAction: ['https://yoomoney.ru'], connectSrc: ['https://api.paypal.com'] },
    });
    const csp = (await app.inject({ method: 'GET', url: '/api/small' })).headers['content-security-policy'];
    expect(csp).toContain("form-action 'self' https://yoomoney.ru");
    expect(csp).toContain("connect-src 'self' https://api.paypal.com");
    expect(csp).toContain("script-src 'self';");
  });
});

describe('compression', () => {
  it('compresses JSON over 1 KB with brotli, or gzip when that is all the client takes', async () => {
    await build();
    const br = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(BIG_JSON);

    const gz = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(BIG_JSON);

    const plain = await app.inject({ method: 'GET', url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small bodies, images and routes that opt out uncompressed', async () => {
    await build();
    for (const url of ['/api/small', '/bin', '/photo.webp']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it.each([
    ['text/html; charset=utf-8', true],
    ['text/css', true],
    ['application/javascript; charset=utf-8', true],
    ['text/javascript', true],
    ['application/json; charset=utf-8', true],
    ['application/ld+json', true],
    ['application/manifest+json', true],
    ['image/svg+xml', true],
    ['application/xml', true],
    ['text/event-stream', false],
    ['image/webp', false],
    ['video/mp4', false],
    ['application/pdf', false],
  ])('%s compressible: %s', (type, expected) => {
    expect(COMPRESSIBLE_TYPES.test(type)).toBe(expected);
  });

  it('can be turned off', async () => {
    await build({ publicUrl: 'http://127.0.0.1:3000', compress: false });
    const res = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('swagger-ui under this CSP', () => {
  it('serves /api/docs with only same-origin scripts, so script-src self is enough', async () => {
    app = fastify();
    await app.register(securityPlugin, { publicUrl: 'http://127.0.0.1:3000' });
    await app.register(fastifySwagger, { openapi: { info: { title: 't', version: '1' } } });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    await app.ready();

    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(EXPECTED_CSP);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', inline = ''] of scripts) {
      expect(attrs).toMatch(/src="\.\/static\//);
      expect(inline.trim()).toBe('');
    }
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
  });
});
