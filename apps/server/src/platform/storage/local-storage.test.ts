import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, InvalidInput, NotFound } from '../errors';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'atelier-storage-'));
  storage = createLocalStorage({ root });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('local storage', () => {
  it('writes public and private files into separate subtrees under the root', async () => {
    await storage.put('public', 'products/a.webp', Buffer.from('public bytes'), 'image/webp');
    await storage.put('private', 'products/a.webp', Buffer.from('private bytes'), 'image/webp');

    expect(await readFile(path.join(root, 'public', 'products', 'a.webp'), 'utf8')).toBe('public bytes');
    expect(await readFile(path.join(root, 'private', 'products', 'a.webp'), 'utf8')).toBe('private bytes');
    expect(await readAll(await storage.read('public', 'products/a.webp'))).toBe('public bytes');
    expect(await readAll(await storage.read('private', 'products/a.webp'))).toBe('private bytes');
  });

  it('put returns the stored size and type, and stat reports them', async () => {
    const stored = await storage.put('private', 'books/guide.pdf', Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    expect(stored).toEqual({ key: 'books/guide.pdf', size: 14, contentType: 'application/pdf' });
    expect(await storage.stat('private', 'books/guide.pdf')).toEqual(stored);
  });

  it('accepts a stream and counts its bytes', async () => {
    const stored = await storage.put('private', 'v/clip.mp4', Readable.from([Buffer.from('abc'), 'defg']), 'video/mp4');
    expect(stored.size).toBe(7);
    expect(await readAll(await storage.read('private', 'v/clip.mp4'))).toBe('abcdefg');
  });

  it('overwrites atomically and leaves no temp files behind', async () => {
    await storage.put('public', 'x/file.txt', Buffer.from('first'), 'text/plain');
    await storage.put('public', 'x/file.txt', Buffer.from('second'), 'text/plain');
    expect(await readAll(await storage.read('public', 'x/file.txt'))).toBe('second');
    expect(await listTree(root)).toEqual([path.join('public', 'x', 'file.txt')]);
  });

  it('a failing source stream leaves neither the target nor a temp file', async () => {
    async function* broken() {
      yield Buffer.from('partial');
      throw new Error('connection reset');
    }
    await expect(storage.put('private', 'v/broken.mp4', Readable.from(broken()), 'video/mp4')).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.stat('private', 'v/broken.mp4')).toBeNull();
    expect(await listTree(root)).toEqual([]);
  });

  it('a failed overwrite keeps the previous file intact', async () => {
    await storage.put('private', 'v/keep.mp4', Buffer.from('old'), 'video/mp4');
    async function* broken() {
      yield Buffer.from('new-but-incomplete');
      throw new Error('aborted');
    }
    await expect(storage.put('private', 'v/keep.mp4', Readable.from(broken()), 'video/mp4')).rejects.toThrow();
    expect(await readAll(await storage.read('private', 'v/keep.mp4'))).toBe('old');
  });

  it('reads an inclusive byte range and clamps an end past the last byte', async () => {
    await storage.put('private', 'r/digits.txt', Buffer.from('0123456789'), 'text/plain');
    expect(await readAll(await storage.read('private', 'r/digits.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await readAll(await storage.read('private', 'r/digits.txt', { start: 9, end: 9 }))).toBe('9');
    expect(await readAll(await storage.read('private', 'r/digits.txt', { start: 7, end: 1000 }))).toBe('789');
  });

  it.each([
    { start: 10, end: 12 },
    { start: 5, end: 4 },
    { start: -1, end: 3 },
    { start: 1.5, end: 3 },
  ])('rejects an unsatisfiable range %o', async (range) => {
    await storage.put('private', 'r/digits.txt', Buffer.from('0123456789'), 'text/plain');
    await expect(storage.read('private', 'r/digits.txt', range)).rejects.toBeInstanceOf(InvalidInput);
  });

  it('reading a missing file is a NotFound; stat of a missing file is null', async () => {
    await expect(storage.read('public', 'nope/missing.webp')).rejects.toBeInstanceOf(NotFound);
    expect(await storage.stat('public', 'nope/missing.webp')).toBeNull();
    await storage.put('public', 'dir/file.webp', Buffer.from('x'), 'image/webp');
    // A directory is not an object, and a file is not a directory.
    expect(await storage.stat('public', 'dir')).toBeNull();
    expect(await storage.stat('public', 'dir/file.webp/child')).toBeNull();
    await expect(storage.read('public', 'dir')).rejects.toBeInstanceOf(NotFound);
  });

  it('a private file is not visible as public and vice versa', async () => {
    await storage.put('private', 'lessons/1/video.mp4', Buffer.from('secret'), 'video/mp4');
    expect(await storage.stat('public', 'lessons/1/video.mp4')).toBeNull();
    await expect(storage.read('public', 'lessons/1/video.mp4')).rejects.toBeInstanceOf(NotFound);
  });

  it('delete is idempotent', async () => {
    await storage.put('public', 'd/one.webp', Buffer.from('x'), 'image/webp');
    await storage.delete('public', 'd/one.webp');
    expect(await storage.stat('public', 'd/one.webp')).toBeNull();
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
  ])('rejects the unsafe key %j with InvalidInput', async (key) => {
    await expect(storage.put('public', key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidInput);
    await expect(storage.stat('public', key)).rejects.toBeInstanceOf(InvalidInput);
    await expect(storage.read('private', key)).rejects.toBeInstanceOf(InvalidInput);
    await expect(storage.delete('private', key)).rejects.toBeInstanceOf(InvalidInput);
    expect(() => storage.publicUrl(key)).toThrow(InvalidInput);
    expect(existsSync(path.join(root, '..', 'escape.txt'))).toBe(false);
  });

  it('the key error is localized', async () => {
    const error = await storage.put('public', '../x', Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).messageIn('ru')).toBe('Недопустимое имя файла');
  });

  it('publicUrl is /uploads/<key> with each segment URI-encoded', () => {
    expect(storage.publicUrl('products/abc-thumb.webp')).toBe('/uploads/products/abc-thumb.webp');
    expect(storage.publicUrl('my folder/роза #1?.webp')).toBe(
      `/uploads/my%20folder/${encodeURIComponent('роза')}%20%231%3F.webp`,
    );
  });
});
