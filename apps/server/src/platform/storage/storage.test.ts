/**
 * One storage contract, run against both drivers: the local disk (DATA_DIR/files) and S3 (a real
 * S3-compatible server, s3rver, on loopback). Features only see the Storage interface, so both
 * must behave the same: layout of public vs private, atomic overwrite, failed writes leaving
 * nothing, inclusive and clamped byte ranges, idempotent delete, key validation, public URLs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { AppError, InvalidInput, NotFound } from '../errors';
import { createLocalStorage } from './local-storage';
import { createS3Client, createS3Storage } from './s3-storage';
import type { Storage } from './storage';

interface Instance {
  storage: Storage;
  /** Every stored object as `public/<key>` or `private/<key>` (temp files and parts included), sorted. */
  list(): Promise<string[]>;
  /** Makes another storage on the same place with a public base URL (S3_PUBLIC_URL); null if the driver has none. */
  withPublicUrl(base: string): Storage | null;
  /** Whether the object at `key` was completed as a multipart upload (null: the driver has no such thing). */
  wasMultipart(visibility: 'public' | 'private', key: string): boolean | null;
  cleanup(): Promise<void>;
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

/** Every request input the S3 client sent, to check what the driver asks of the provider. */
const sentInputs: Record<string, unknown>[] = [];
function recordingClient(): S3Client {
  const client = createS3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      sentInputs.push(args.input as Record<string, unknown>);
      return next(args);
    },
    { step: 'initialize', name: 'recordInputs' },
  );
  return client;
}

const drivers: { name: string; make(): Promise<Instance> }[] = [
  {
    name: 'local disk',
    async make() {
      const root = await mkdtemp(path.join(tmpdir(), 'atelier-storage-'));
      return {
        storage: createLocalStorage({ root }),
        async list() {
          const entries = await readdir(root, { recursive: true, withFileTypes: true });
          return entries
            .filter((e) => e.isFile())
            .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
            .sort();
        },
        withPublicUrl: () => null,
        wasMultipart: () => null,
        cleanup: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3',
    async make() {
      const bucket = `b-${randomBytes(6).toString('hex')}`;
      const client = recordingClient();
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      const make = (publicUrl?: string) =>
        createS3Storage({ bucket, client, publicUrl, partSizeBytes: 5 * 1024 * 1024 });
      return {
        storage: make(),
        async list() {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
          return (listed.Contents ?? []).map((o) => o.Key as string).sort();
        },
        withPublicUrl: (base) => make(base),
        wasMultipart: (visibility, key) =>
          s3.events.some((e) => e.key === `${visibility}/${key}` && e.eventName === 'ObjectCreated:Post'),
        cleanup: async () => client.destroy(),
      };
    },
  },
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
const text = async (stream: Readable) => (await readAll(stream)).toString('utf8');

describe.each(drivers)('storage contract: $name', (driver) => {
  let it$: Instance;
  let storage: Storage;
  beforeEach(async () => {
    it$ = await driver.make();
    storage = it$.storage;
  });
  afterEach(() => it$.cleanup());

  it('keeps public and private objects apart under public/ and private/', async () => {
    await storage.put('public', 'products/a.webp', Buffer.from('public bytes'), 'image/webp');
    await storage.put('private', 'products/a.webp', Buffer.from('private bytes'), 'image/webp');
    expect(await it$.list()).toEqual(['private/products/a.webp', 'public/products/a.webp']);
    expect(await text(await storage.read('public', 'products/a.webp'))).toBe('public bytes');
    expect(await text(await storage.read('private', 'products/a.webp'))).toBe('private bytes');
  });

  it('put returns the stored size and type, and stat reports them with the time of the write', async () => {
    const before = Date.now();
    const stored = await storage.put('private', 'books/guide.pdf', Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    expect(stored).toEqual({ key: 'books/guide.pdf', size: 14, contentType: 'application/pdf' });
    const stat = await storage.stat('private', 'books/guide.pdf');
    expect(stat).toEqual({ ...stored, lastModified: expect.any(Date) });
    // S3 keeps whole seconds, and a file's time comes from the kernel's coarse clock, which may be
    // a few milliseconds behind Date.now() and so fall in the second before.
    expect(stat!.lastModified!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(stat!.lastModified!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('accepts a stream and counts its bytes', async () => {
    const stored = await storage.put('private', 'v/clip.mp4', Readable.from([Buffer.from('abc'), 'defg']), 'video/mp4');
    expect(stored.size).toBe(7);
    expect(await text(await storage.read('private', 'v/clip.mp4'))).toBe('abcdefg');
  });

  it('streams a multi-MB file in (multipart on S3) and reads it back whole and in ranges', async () => {
    const big = randomBytes(12 * 1024 * 1024 + 123);
    const chunks = [big.subarray(0, 3_000_000), big.subarray(3_000_000, 9_000_000), big.subarray(9_000_000)];
    const stored = await storage.put('private', 'lessons/big.mp4', Readable.from(chunks), 'video/mp4');
    expect(stored.size).toBe(big.length);
    expect((await storage.stat('private', 'lessons/big.mp4'))?.size).toBe(big.length);
    const back = await readAll(await storage.read('private', 'lessons/big.mp4'));
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    const middle = await readAll(
      await storage.read('private', 'lessons/big.mp4', { start: 5_242_870, end: 5_242_889 }),
    );
    expect(middle.equals(big.subarray(5_242_870, 5_242_890))).toBe(true);
    expect(it$.wasMultipart('private', 'lessons/big.mp4')).toBe(driver.name === 'S3' ? true : null);
    expect(await it$.list()).toEqual(['private/lessons/big.mp4']);
  });

  it('overwrites and leaves nothing else behind', async () => {
    await storage.put('public', 'x/file.txt', Buffer.from('first'), 'text/plain');
    await storage.put('public', 'x/file.txt', Buffer.from('second'), 'text/plain');
    await storage.put('public', 'x/file.txt', Readable.from([Buffer.from('third')]), 'text/plain');
    expect(await text(await storage.read('public', 'x/file.txt'))).toBe('third');
    expect(await it$.list()).toEqual(['public/x/file.txt']);
  });

  it('a failing source stream leaves neither the object nor a temp file or part', async () => {
    async function* broken() {
      yield Buffer.from('partial');
      throw new Error('connection reset');
    }
    await expect(storage.put('private', 'v/broken.mp4', Readable.from(broken()), 'video/mp4')).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.stat('private', 'v/broken.mp4')).toBeNull();
    expect(await it$.list()).toEqual([]);
  });

  it('a failed overwrite keeps the previous object intact', async () => {
    await storage.put('private', 'v/keep.mp4', Buffer.from('old'), 'video/mp4');
    async function* broken() {
      yield Buffer.from('new-but-incomplete');
      throw new Error('aborted');
    }
    await expect(storage.put('private', 'v/keep.mp4', Readable.from(broken()), 'video/mp4')).rejects.toThrow();
    expect(await text(await storage.read('private', 'v/keep.mp4'))).toBe('old');
  });

  it('reads inclusive byte ranges, a suffix range, and clamps an end past the last byte', async () => {
    await storage.put('private', 'r/digits.txt', Buffer.from('0123456789'), 'text/plain');
    expect(await text(await storage.read('private', 'r/digits.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.read('private', 'r/digits.txt', { start: 9, end: 9 }))).toBe('9');
    expect(await text(await storage.read('private', 'r/digits.txt', { start: 7, end: 1000 }))).toBe('789');
    // `bytes=-3` (the last three bytes), as the HTTP layer resolves it with the size from stat.
    const size = (await storage.stat('private', 'r/digits.txt'))!.size;
    expect(await text(await storage.read('private', 'r/digits.txt', { start: size - 3, end: size - 1 }))).toBe('789');
  });

  it.each([
    { start: 10, end: 12 },
    { start: 10, end: 10 },
    { start: 5, end: 4 },
    { start: -1, end: 3 },
    { start: 1.5, end: 3 },
  ])('rejects the unsatisfiable range %o', async (range) => {
    await storage.put('private', 'r/digits.txt', Buffer.from('0123456789'), 'text/plain');
    await expect(storage.read('private', 'r/digits.txt', range)).rejects.toBeInstanceOf(InvalidInput);
  });

  it('reading a missing object is a NotFound; stat of a missing object is null', async () => {
    await expect(storage.read('public', 'nope/missing.webp')).rejects.toBeInstanceOf(NotFound);
    await expect(storage.read('public', 'nope/missing.webp', { start: 0, end: 1 })).rejects.toBeInstanceOf(NotFound);
    expect(await storage.stat('public', 'nope/missing.webp')).toBeNull();
    await storage.put('public', 'dir/file.webp', Buffer.from('x'), 'image/webp');
    // A "directory" is not an object, and an object is not a directory.
    expect(await storage.stat('public', 'dir')).toBeNull();
    expect(await storage.stat('public', 'dir/file.webp/child')).toBeNull();
    await expect(storage.read('public', 'dir')).rejects.toBeInstanceOf(NotFound);
  });

  it('a private object is not visible as public and vice versa', async () => {
    await storage.put('private', 'lessons/1/video.mp4', Buffer.from('secret'), 'video/mp4');
    await storage.put('public', 'products/p.webp', Buffer.from('pic'), 'image/webp');
    expect(await storage.stat('public', 'lessons/1/video.mp4')).toBeNull();
    await expect(storage.read('public', 'lessons/1/video.mp4')).rejects.toBeInstanceOf(NotFound);
    expect(await storage.stat('private', 'products/p.webp')).toBeNull();
  });

  it('list yields every object of one visibility with its size, and nothing of the other', async () => {
    expect(await collect(storage.list('public'))).toEqual([]);
    await storage.put('public', 'a/one.webp', Buffer.from('12345'), 'image/webp');
    await storage.put('public', 'b/c/two.pdf', Buffer.from('123'), 'application/pdf');
    await storage.put('private', 'secret/three.mp4', Buffer.from('1'), 'video/mp4');
    const listed = await collect(storage.list('public'));
    expect(listed.map((o) => [o.key, o.size]).sort()).toEqual([
      ['a/one.webp', 5],
      ['b/c/two.pdf', 3],
    ]);
    expect((await collect(storage.list('private'))).map((o) => o.key)).toEqual(['secret/three.mp4']);
  });

  it('delete removes the object and is idempotent', async () => {
    await storage.put('public', 'd/one.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('public', 'd/one.webp');
    expect(await storage.stat('public', 'd/one.webp')).toBeNull();
    expect(await it$.list()).toEqual([]);
    await expect(storage.delete('public', 'd/one.webp')).resolves.toBeUndefined();
    await expect(storage.delete('private', 'never/existed.pdf')).resolves.toBeUndefined();
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    '..',
    '/etc/passwd',
    'a\\b.txt',
    '..\\windows.txt',
    'C:/windows.txt',
    'nul\0byte.txt',
    '',
    'a//b.txt',
    'trailing/',
    './here.txt',
    'a/.hidden',
    'x'.repeat(600),
  ])('rejects the unsafe key %j with InvalidInput and stores nothing', async (key) => {
    await expect(storage.put('public', key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidInput);
    await expect(storage.stat('public', key)).rejects.toBeInstanceOf(InvalidInput);
    await expect(storage.read('private', key)).rejects.toBeInstanceOf(InvalidInput);
    await expect(storage.delete('private', key)).rejects.toBeInstanceOf(InvalidInput);
    expect(() => storage.publicUrl(key)).toThrow(InvalidInput);
    expect(await it$.list()).toEqual([]);
  });

  it('the key error is localized', async () => {
    const error = await storage.put('public', '../x', Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).messageIn('ru')).toBe('Недопустимое имя файла');
  });

  it('publicUrl is /uploads/<key> with each segment URI-encoded, and maps back to the key', () => {
    expect(storage.publicUrl('products/abc-thumb.webp')).toBe('/uploads/products/abc-thumb.webp');
    const odd = 'my folder/роза #1?.webp';
    expect(storage.publicUrl(odd)).toBe(`/uploads/my%20folder/${encodeURIComponent('роза')}%20%231%3F.webp`);
    expect(storage.keyFromPublicUrl(storage.publicUrl(odd))).toBe(odd);
    expect(storage.keyFromPublicUrl('https://elsewhere.example/x.webp')).toBeNull();
  });

  it('check() passes while the storage is reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('S3 only', () => {
  let instance: Instance;
  beforeEach(async () => {
    instance = await drivers[1]!.make();
  });
  afterEach(() => instance.cleanup());

  it('a large stream is written as a multipart upload', async () => {
    await instance.storage.put('private', 'v/large.mp4', Readable.from([randomBytes(11 * 1024 * 1024)]), 'video/mp4');
    expect(instance.wasMultipart('private', 'v/large.mp4')).toBe(true);
  });

  it('with S3_PUBLIC_URL, public URLs point at that base and still map back to keys (old /uploads/ ones too)', () => {
    const cdn = instance.withPublicUrl('https://cdn.example.com/atelier/public/')!;
    expect(cdn.publicUrl('products/a b.webp')).toBe('https://cdn.example.com/atelier/public/products/a%20b.webp');
    expect(cdn.keyFromPublicUrl('https://cdn.example.com/atelier/public/products/a%20b.webp')).toBe(
      'products/a b.webp',
    );
    expect(cdn.keyFromPublicUrl('/uploads/products/old.webp')).toBe('products/old.webp');
    expect(cdn.keyFromPublicUrl('https://cdn.example.com/other/x.webp')).toBeNull();
  });

  it('never asks for an ACL: private and public objects alike stay private in the bucket', async () => {
    sentInputs.length = 0;
    await instance.storage.put('public', 'p/a.webp', Buffer.from('x'), 'image/webp');
    await instance.storage.put('private', 'v/a.mp4', Readable.from([randomBytes(6 * 1024 * 1024)]), 'video/mp4');
    expect(sentInputs.length).toBeGreaterThan(2);
    expect(sentInputs.filter((input) => 'ACL' in input || 'GrantRead' in input)).toEqual([]);
    const keys = sentInputs.map((input) => input.Key).filter(Boolean);
    expect(keys.every((key) => String(key).startsWith('public/') || String(key).startsWith('private/'))).toBe(true);
  });

  it('check() fails when the bucket does not exist', async () => {
    const missing = createS3Storage({ bucket: 'no-such-bucket-here', client: recordingClient() });
    await expect(missing.check()).rejects.toThrow();
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
