/**
 * The contract of the one stored-file sender, on both storage drivers (local disk and S3 through
 * s3rver): what /uploads, lesson media and digital-book downloads promise a browser, a video
 * player and a download manager.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { AppError, Conflict } from '../errors';
import { createLocalStorage } from '../storage/local-storage';
import { createS3Client, createS3Storage } from '../storage/s3-storage';
import type { ByteRange, Storage } from '../storage/storage';
import { registerErrorHandling } from './error-handler';
import { byteRange, type StoredFileOptions, sendStoredFile } from './stored-file';

const BYTES = randomBytes(1000);
const SIZE = BYTES.length;
const KEY = 'books/guide.pdf';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

const drivers: { name: string; make(): Promise<{ storage: Storage; cleanup(): Promise<void> }> }[] = [
  {
    name: 'local disk',
    async make() {
      const root = await mkdtemp(path.join(tmpdir(), 'atelier-sender-'));
      return { storage: createLocalStorage({ root }), cleanup: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3',
    async make() {
      const bucket = `s-${randomBytes(6).toString('hex')}`;
      const client = createS3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      });
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { storage: createS3Storage({ bucket, client }), cleanup: async () => client.destroy() };
    },
  },
];

describe.each(drivers)('sendStoredFile on $name', (driver) => {
  let app: FastifyInstance;
  let storage: Storage;
  let cleanup: () => Promise<void>;
  /** The ranges the sender asked storage for (undefined = the whole object). */
  let reads: (ByteRange | undefined)[];
  let counted: number;
  let options: Partial<StoredFileOptions>;

  beforeEach(async () => {
    const made = await driver.make();
    cleanup = made.cleanup;
    reads = [];
    counted = 0;
    options = {};
    storage = {
      ...made.storage,
      read: (visibility, key, range) => {
        reads.push(range);
        return made.storage.read(visibility, key, range);
      },
    };
    await storage.put('private', KEY, BYTES, 'application/pdf');
    app = fastify();
    registerErrorHandling(app);
    // A GET route: Fastify derives its HEAD, as for the feature routes that use the sender.
    app.get<{ Params: { '*': string } }>('/file/*', (request, reply) =>
      sendStoredFile(request, reply, storage, {
        visibility: 'private',
        key: request.params['*'],
        cacheControl: 'private, no-store',
        beforeBody: async () => {
          counted++;
        },
        ...options,
      }),
    );
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await cleanup();
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', key = KEY) =>
    app.inject({ method, url: `/file/${key}`, headers });

  it('sends the whole file with its type, length, validators and caching', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const stat = await storage.stat('private', KEY);
    expect(res.headers['last-modified']).toBe(stat?.lastModified?.toUTCString());
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(reads).toEqual([undefined]);
    expect(counted).toBe(1);
  });

  it('answers HEAD with the same headers and no body, reading and counting nothing', async () => {
    const full = await get();
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'accept-ranges']) {
      expect(head.headers[name]).toBe(full.headers[name]);
    }
    const ranged = await get({ range: 'bytes=10-19' }, 'HEAD');
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
    expect(ranged.headers['content-range']).toBe(`bytes 10-19/${SIZE}`);
    expect(reads).toEqual([undefined]);
    expect(counted).toBe(1);
  });

  it.each([
    ['the first bytes', 'bytes=0-99', 0, 99],
    ['the middle', 'bytes=400-449', 400, 449],
    ['an open end', 'bytes=990-', 990, SIZE - 1],
    ['a suffix', 'bytes=-100', SIZE - 100, SIZE - 1],
    ['a suffix longer than the file (the whole file)', 'bytes=-5000', 0, SIZE - 1],
    ['an end past the file (clamped)', 'bytes=995-5000', 995, SIZE - 1],
    ['one byte', 'bytes=7-7', 7, 7],
  ])('%s (%s) → 206 with exactly those bytes, read as a range from storage', async (_, range, start, end) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
    expect(reads).toEqual([{ start, end }]);
  });

  it.each(['bytes=0-1,5-6', 'items=0-1', 'bytes=abc', 'bytes=1-x', 'bytes'])(
    'a Range it does not serve (%s) gets the whole file',
    async (range) => {
      const res = await get({ range });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.equals(BYTES)).toBe(true);
    },
  );

  it.each([`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`, 'bytes=-0', 'bytes=9-2'])(
    'an unsatisfiable range (%s) → 416 with Content-Range bytes */size, nothing read or counted',
    async (range) => {
      const res = await get({ range, 'accept-language': 'en' });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(res.json()).toMatchObject({ success: false, code: 'RANGE_NOT_SATISFIABLE' });
      expect(reads).toEqual([]);
      expect(counted).toBe(0);
    },
  );

  it('answers 304 to a matching If-None-Match (strong, weak or *) or If-Modified-Since, without a body', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    const conditions: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", W/${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': lastModified },
      { 'if-modified-since': new Date(Date.parse(lastModified) + 60_000).toUTCString() },
    ];
    for (const headers of conditions) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(304);
      expect(res.body).toBe('');
    }
    expect(counted).toBe(1);
    expect(reads).toEqual([undefined]);
  });

  it('sends the file again for another ETag, an older If-Modified-Since, or a reload', async () => {
    const first = await get();
    const lastModified = Date.parse(first.headers['last-modified'] as string);
    const conditions: Record<string, string>[] = [
      { 'if-none-match': '"something-else"' },
      { 'if-modified-since': new Date(lastModified - 60_000).toUTCString() },
      { 'if-none-match': first.headers.etag as string, 'cache-control': 'no-cache' },
    ];
    for (const headers of conditions) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
    }
  });

  it('honours If-Range: the range while the copy is current, the whole file once it is stale', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    const range = 'bytes=0-9';
    const current = [etag, lastModified, new Date(Date.parse(lastModified) + 60_000).toUTCString()];
    for (const ifRange of current) {
      const res = await get({ range, 'if-range': ifRange });
      expect(res.statusCode, ifRange).toBe(206);
      expect(res.rawPayload.equals(BYTES.subarray(0, 10))).toBe(true);
    }
    const stale = ['"other"', `W/${etag}`, new Date(Date.parse(lastModified) - 60_000).toUTCString(), 'not a date'];
    for (const ifRange of stale) {
      const res = await get({ range, 'if-range': ifRange });
      expect(res.statusCode, ifRange).toBe(200);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
    }
  });

  it.each([
    ['attachment', 'Пионы из шёлка.pdf'],
    ['inline', 'урок 1 (финал).mp4'],
  ] as const)('names a %s %s with an ASCII fallback and an RFC 5987 filename*', async (type, filename) => {
    options = { disposition: { type, filename } };
    const header = (await get()).headers['content-disposition'] as string;
    expect(header.startsWith(`${type}; filename="`)).toBe(true);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const encoded = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1];
    expect(decodeURIComponent(encoded ?? '')).toBe(filename);
  });

  // A name that is an HTTP token goes bare, any other quoted (RFC 6266 allows both; content-disposition 3).
  it.each([
    ['a plain name', 'sheet-en.pdf', 'attachment; filename=sheet-en.pdf'],
    ['a name with a space', 'sheet en.pdf', 'attachment; filename="sheet en.pdf"'],
    ['quotes and backslashes escaped', 'a "b".pdf', 'attachment; filename="a \\"b\\".pdf"'],
    ['an empty name', '  ', 'attachment; filename=file'],
  ])('Content-Disposition for %s', async (_, filename, expected) => {
    options = { disposition: { type: 'attachment', filename } };
    expect((await get()).headers['content-disposition']).toBe(expected);
  });

  it('never lets a control character of a file name into the header', async () => {
    options = { disposition: { type: 'attachment', filename: 'a\r\nSet-Cookie: x=1\t.pdf' } };
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(/^[\x20-\x7e]+$/);
  });

  it('uses the type it is given, or derives it from the stored one', async () => {
    options = { contentType: 'application/epub+zip' };
    expect((await get()).headers['content-type']).toBe('application/epub+zip');
    options = { contentType: (stored) => `${stored}; x=1` };
    expect((await get()).headers['content-type']).toBe('application/pdf; x=1');
  });

  it('a missing file or a key storage refuses → 404 (or the error the caller names)', async () => {
    for (const key of ['books/missing.pdf', 'books/../../etc/passwd', '.hidden']) {
      const res = await get({}, 'GET', key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    options = { missing: () => new AppError(404, 'FILE_MISSING', 'downloadFileMissing') };
    expect((await get({}, 'GET', 'books/missing.pdf')).json()).toMatchObject({ code: 'FILE_MISSING' });
    expect(counted).toBe(0);
  });

  it('a refusal from beforeBody goes out as a whole error reply, with no bytes of the file', async () => {
    options = {
      beforeBody: async () => {
        throw new Conflict();
      },
    };
    const res = await get({ range: 'bytes=0-9' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-range']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(reads).toEqual([]);
  });

  it('a file deleted between the check and the read → 404, not half an answer', async () => {
    const read = storage.read;
    storage.read = async (visibility, key, range) => {
      await storage.delete(visibility, key);
      return read(visibility, key, range);
    };
    const res = await get({ range: 'bytes=0-9' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('byteRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=5-', { start: 5, end: 9 }],
    ['bytes=5-100', { start: 5, end: 9 }],
    ['bytes=-20', { start: 0, end: 9 }],
    ['bytes=-3', { start: 7, end: 9 }],
    ['bytes=10-', 'unsatisfiable'],
    ['bytes=6-2', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,4-5', null],
    ['bytes=0-1,2-3', { start: 0, end: 3 }],
    ['items=0-1', null],
    ['bytes=x-1', null],
  ])('byteRange(%s) on 10 bytes', (header, expected) => {
    expect(byteRange(header, 10)).toEqual(expected);
  });
});
