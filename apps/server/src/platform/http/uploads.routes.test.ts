import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/local-storage';
import type { Storage, Visibility } from '../storage/storage';
import { securityPlugin } from './security';
import { isSafeUploadKey, uploadContentType, uploadsRoutes } from './uploads.routes';

let root: string;
let app: FastifyInstance;
let storage: Storage;
const asked: { visibility: Visibility; key: string }[] = [];
const WEBP = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(200, 7)]);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atelier-uploads-'));
  const local = createLocalStorage({ root });
  // Records what the plugin asks for, to prove it never requests a private object.
  storage = {
    ...local,
    stat: (visibility, key) => {
      asked.push({ visibility, key });
      return local.stat(visibility, key);
    },
    read: (visibility, key, range) => {
      asked.push({ visibility, key });
      return local.read(visibility, key, range);
    },
  };
  await local.put('public', 'products/rose-large.webp', WEBP, 'image/webp');
  await local.put('public', 'docs/care.pdf', Buffer.from('%PDF-1.4 care'), 'application/pdf');
  await local.put('public', 'misc/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
  await local.put('public', 'media/intro.mp4', Buffer.from('0123456789'), 'video/mp4');
  await local.put('private', 'lessons/secret.mp4', Buffer.from('paid video'), 'video/mp4');
  app = fastify();
  await app.register(uploadsRoutes, { storage });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe('GET /uploads/*', () => {
  it('serves a public image with immutable caching, nosniff, type, length and ETag', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/products/rose-large.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(WEBP.length));
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.rawPayload.equals(WEBP)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ method: 'GET', url: '/uploads/products/rose-large.webp' });
    const res = await app.inject({
      method: 'GET',
      url: '/uploads/products/rose-large.webp',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/uploads/docs/care.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe('13');
    expect(res.body).toBe('');
  });

  it('serves an unknown type as octet-stream, never as HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/misc/page.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves byte ranges so videos can seek', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/media/intro.mp4', headers: { range: 'bytes=2-5' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-5/10');
    expect(res.headers['content-length']).toBe('4');
    expect(res.body).toBe('2345');
    const tail = await app.inject({ method: 'GET', url: '/uploads/media/intro.mp4', headers: { range: 'bytes=-3' } });
    expect(tail.body).toBe('789');
    const bad = await app.inject({ method: 'GET', url: '/uploads/media/intro.mp4', headers: { range: 'bytes=50-' } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe('bytes */10');
    expect(bad.json()).toMatchObject({ success: false, code: 'RANGE_NOT_SATISFIABLE' });
  });

  it.each([
    '/uploads/products/missing.webp',
    '/uploads/lessons/secret.mp4', // exists, but only in private storage
    '/uploads/..%2Fprivate%2Flessons%2Fsecret.mp4',
    '/uploads/%252e%252e/private/lessons/secret.mp4',
    '/uploads/products/rose-large.webp%00.txt',
    '/uploads/products%5C..%5Crose-large.webp',
    '/uploads/products//rose-large.webp',
    '/uploads/.hidden',
    '/uploads/',
  ])('answers 404 in the error envelope for %s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'File not found' });
  });

  // The HTTP layer resolves dot segments (even %2E%2E) before routing, so these never reach
  // /uploads/* at all; what matters is that they do not leak the private file.
  it.each(['/uploads/../private/lessons/secret.mp4', '/uploads/%2E%2E/private/lessons/secret.mp4'])(
    'answers 404 without the private bytes for %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('paid video');
    },
  );

  it('only ever asks storage for public objects', () => {
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((a) => a.visibility === 'public')).toBe(true);
  });
});

describe('with the security plugin in front', () => {
  it('keeps stored files uncompressed with their Content-Length', async () => {
    const secured = fastify();
    await secured.register(securityPlugin, { publicUrl: 'http://127.0.0.1:3000' });
    await secured.register(uploadsRoutes, { storage });
    try {
      await storage.put('public', 'misc/blob.bin', Buffer.alloc(5000, 65), 'application/octet-stream');
      const res = await secured.inject({
        method: 'GET',
        url: '/uploads/misc/blob.bin',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe('5000');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await secured.close();
    }
  });
});

describe('upload helpers', () => {
  it.each([
    ['a/b.webp', true],
    ['products/0b8e-large.webp', true],
    ['../x', false],
    ['a/../x', false],
    ['a/.x', false],
    ['a//b', false],
    ['a\\b', false],
    ['a%2e', false],
    ['a\0b', false],
    ['', false],
  ])('isSafeUploadKey(%j) = %s', (key, safe) => {
    expect(isSafeUploadKey(key)).toBe(safe);
  });

  it.each([
    ['x.webp', undefined, 'image/webp'],
    ['x.JPG', undefined, 'image/jpeg'],
    ['x.avif', 'application/octet-stream', 'image/avif'],
    ['x.bin', 'image/png', 'image/png'],
    ['x.svg', 'image/svg+xml', 'application/octet-stream'],
    ['x.html', 'text/html', 'application/octet-stream'],
  ])('uploadContentType(%s, %s) = %s', (key, stored, type) => {
    expect(uploadContentType(key, stored)).toBe(type);
  });
});
