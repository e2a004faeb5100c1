import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { SNIFF_BYTES, sniff, sniffStored } from './sniff';
import type { Storage } from './storage';

const epub = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.alloc(26),
  Buffer.from('mimetypeapplication/epub+zip'),
  Buffer.from('PK\x03\x04 rest of the book'),
]);

describe('sniff: a file is what its first bytes say, whatever its name', () => {
  it.each([
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['image/gif', Buffer.from('GIF87a....')],
    ['image/webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['image/heif', Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00', 'latin1')],
    ['video/mp4', Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00', 'latin1')],
    ['video/mp4', Buffer.from('\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00', 'latin1')],
    ['video/webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81])],
    ['application/pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['application/epub+zip', epub],
  ])('%s', (expected, head) => {
    expect(sniff(head)).toBe(expected);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', Buffer.from('<!DOCTYPE html><html></html>')],
    ['a Windows program', Buffer.from('MZ\x90\x00 not a book', 'latin1')],
    ['a ZIP that is not an EPUB', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60, 0x41)])],
    ['a WAVE file', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['an ftyp box cut short', Buffer.from('\x00\x00\x00\x18ftyp', 'latin1')],
    ['"%PDF" without the dash', Buffer.from('%PDF1.4')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_, head) => {
    expect(sniff(head)).toBeNull();
  });
});

describe('sniffStored', () => {
  let root: string;
  let storage: Storage;
  const ranges: unknown[] = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'atelier-sniff-'));
    const local = createLocalStorage({ root });
    storage = {
      ...local,
      read: (visibility, key, range) => {
        ranges.push(range);
        return local.read(visibility, key, range);
      },
    };
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('reads only the head of a stored file, short files included', async () => {
    await storage.put('private', 'books/a.epub', Buffer.concat([epub, Buffer.alloc(100_000)]), 'application/zip');
    await storage.put('private', 'books/tiny.pdf', Buffer.from('%PDF-'), 'application/pdf');
    expect(await sniffStored(storage, 'private', 'books/a.epub')).toBe('application/epub+zip');
    expect(await sniffStored(storage, 'private', 'books/tiny.pdf')).toBe('application/pdf');
    expect(ranges).toEqual([
      { start: 0, end: SNIFF_BYTES - 1 },
      { start: 0, end: SNIFF_BYTES - 1 },
    ]);
  });
});
