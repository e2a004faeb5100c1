import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, InvalidInput, PayloadTooLarge, RateLimited } from '../errors';
import { createLocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';
import { createDecodeQueue } from './decode-queue';
import { declaredSize } from './image-header';
import type { ImagePipeline } from './images';
import { createImagePipeline, sniffImageType } from './sharp-pipeline';

let root: string;
let storage: Storage;
let images: ImagePipeline;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'atelier-images-'));
  storage = createLocalStorage({ root });
  images = createImagePipeline({ storage });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 214, g: 150, b: 160 } } });

/** Reads a stored variant back from disk by its public URL. */
async function stored(url: string): Promise<Buffer> {
  return readFile(path.join(root, 'public', ...url.replace('/uploads/', '').split('/').map(decodeURIComponent)));
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('sniffImageType', () => {
  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['gif', Buffer.from('GIF89a....')],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['heif', Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00', 'latin1')],
    ['heif', Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00', 'latin1')],
    [null, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    [null, Buffer.from('<!DOCTYPE html><html></html>')],
    [null, Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00', 'latin1')],
    [null, Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    [null, Buffer.alloc(0)],
  ])('recognises %s', (expected, bytes) => {
    expect(sniffImageType(bytes)).toBe(expected);
  });
});

describe('image pipeline', () => {
  it('auto-rotates a JPEG by its EXIF orientation and stores it with no metadata at all', async () => {
    const jpeg = await solid(1200, 800)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'Secret Studio', Artist: 'Jane' }, IFD2: { UserComment: 'gps-ish' } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const image = await images.ingest(jpeg, 'reviews');

    // Orientation 6 = rotate 90°: the landscape pixels become a portrait picture.
    expect({ width: image.width, height: image.height }).toEqual({ width: 800, height: 1200 });
    for (const url of [image.url, image.thumb, image.medium, image.large]) {
      const bytes = await stored(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('Secret Studio'))).toBe(false);
    }
  });

  it('stores the full image capped at 2400 px and thumb/medium/large at 320/800/1600 px wide', async () => {
    const png = await solid(3000, 2000).png().toBuffer();
    const image = await images.ingest(png, 'products');

    expect(image).toMatchObject({ width: 2400, height: 1600 });
    const widths = await Promise.all(
      [image.url, image.thumb, image.medium, image.large].map(
        async (url) => (await sharp(await stored(url)).metadata()).width,
      ),
    );
    expect(widths).toEqual([2400, 320, 800, 1600]);
    for (const [variant, url] of Object.entries({
      full: image.url,
      thumb: image.thumb,
      medium: image.medium,
      large: image.large,
    })) {
      expect(url).toMatch(new RegExp(`^/uploads/products/[A-Za-z0-9_-]+-${variant}\\.webp$`));
    }
  });

  it('never upscales a small image', async () => {
    const image = await images.ingest(await solid(500, 300).png().toBuffer(), 'portfolio');
    expect(image).toMatchObject({ width: 500, height: 300 });
    const widths = await Promise.all(
      [image.thumb, image.medium, image.large].map(async (url) => (await sharp(await stored(url)).metadata()).width),
    );
    expect(widths).toEqual([320, 500, 500]);
    // Variants that equal the full image still get their own file, so remove() and URLs stay uniform.
    expect(await storedFiles()).toHaveLength(4);
  });

  it.each([
    ['webp', () => solid(400, 300).webp().toBuffer()],
    ['gif', () => solid(400, 300).gif().toBuffer()],
    ['avif', () => solid(400, 300).avif().toBuffer()],
  ])('accepts %s', async (_name, make) => {
    const image = await images.ingest(await make(), 'misc');
    expect(image).toMatchObject({ width: 400, height: 300 });
  });

  it.each([
    ['a text file named .jpg', Buffer.from('this is not a photo, just a note saved as photo.jpg\n')],
    ['SVG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', Buffer.from('<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>')],
    ['zero bytes', Buffer.alloc(0)],
    [
      'a JPEG header with garbage after it',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
    ],
  ])('rejects %s with a localized InvalidInput', async (_name, bytes) => {
    const error = await rejection(images.ingest(bytes, 'reviews'));
    expect(error).toBeInstanceOf(InvalidInput);
    expect(error.statusCode).toBe(400);
    expect(error.messageIn('ru')).toBe('Можно загружать только изображения');
    expect(error.messageIn('en')).toBe('Only images can be uploaded');
    expect(error.messageIn('es')).toBe('Solo se pueden subir imágenes');
    expect(await storedFiles()).toEqual([]);
  });

  it.each([
    ['JPEG', () => solid(800, 600).jpeg().toBuffer()],
    [
      'PNG',
      () =>
        sharp({
          create: {
            width: 800,
            height: 600,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer(),
    ],
  ])('rejects a truncated %s', async (_name, make) => {
    const full = await make();
    const error = await rejection(images.ingest(full.subarray(0, Math.floor(full.length / 2)), 'reviews'));
    expect(error).toBeInstanceOf(InvalidInput);
    expect(await storedFiles()).toEqual([]);
  });

  it('rejects a file over 5 MB with PayloadTooLarge before decoding it', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    Buffer.from([0xff, 0xd8, 0xff]).copy(big);
    const error = await rejection(images.ingest(big, 'reviews'));
    expect(error).toBeInstanceOf(PayloadTooLarge);
    expect(error.statusCode).toBe(413);
    expect(error.messageIn('ru')).toBe('Размер файла не должен превышать 5MB');
  });

  it('rejects a decompression bomb: a tiny PNG that declares 60000×60000 pixels', async () => {
    const png = await solid(1, 1).png().toBuffer();
    // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); patch width/height and its CRC.
    png.writeUInt32BE(60000, 16);
    png.writeUInt32BE(60000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(png.length).toBeLessThan(1000);

    const error = await rejection(images.ingest(png, 'portfolio'));
    expect(error).toBeInstanceOf(InvalidInput);
    expect(error.messageIn('en')).toBe(
      'The image resolution is too large: at most 40 megapixels (for example 8000 × 5000)',
    );
  });

  it('refuses 7000×7000 pixels from the header alone, before decoding', async () => {
    // A valid header with image data that cannot be decoded: decoding would answer "not an image".
    const png = await solid(1, 1).png().toBuffer();
    png.writeUInt32BE(7000, 16);
    png.writeUInt32BE(7000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const error = await rejection(images.ingest(png, 'portfolio'));
    expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(error.statusCode).toBe(400);
    expect(await storedFiles()).toEqual([]);
    // Within the limit, the same broken data is refused as what it is.
    png.writeUInt32BE(5000, 16);
    png.writeUInt32BE(5000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect((await rejection(images.ingest(png, 'portfolio'))).messageIn('en')).not.toMatch(/resolution/);
  });

  it('private images: stored out of /uploads/, opened by signed URLs, moved on approval and back', async () => {
    const image = await images.ingest(await solid(1200, 800).png().toBuffer(), 'reviews', 'private');
    const keys = [image.url, image.thumb, image.medium, image.large].map((url) => storage.keyFromPublicUrl(url)!);
    for (const key of keys) {
      expect(await storage.stat('private', key)).not.toBeNull();
      expect(await storage.stat('public', key)).toBeNull();
    }
    const view = images.privateView(image);
    const signed = new URL(view.large, 'http://x');
    const key = decodeURIComponent(signed.pathname.replace('/api/media/private/', ''));
    expect(images.verifyPrivate(key, signed.searchParams.get('e') ?? '', signed.searchParams.get('s') ?? '')).toBe(key);
    expect(images.verifyPrivate(key, signed.searchParams.get('e') ?? '', 'forged')).toBeNull();
    expect(
      images.verifyPrivate(key, String(Math.floor(Date.now() / 1000) - 1), signed.searchParams.get('s') ?? ''),
    ).toBeNull();
    // A signature opens only moderated photos' keys, never another private file.
    expect(images.verifyPrivate('lessons/video.mp4', signed.searchParams.get('e') ?? '', 'x')).toBeNull();

    await images.setVisibility(image, 'public');
    for (const k of keys) {
      expect(await storage.stat('public', k)).not.toBeNull();
      expect(await storage.stat('private', k)).toBeNull();
    }
    await images.setVisibility(image, 'private');
    for (const k of keys) expect(await storage.stat('private', k)).not.toBeNull();
    await images.remove(image);
    expect(await storedFiles()).toEqual([]);
  });

  it('remove deletes every variant', async () => {
    const image = await images.ingest(await solid(2000, 1000).png().toBuffer(), 'portfolio');
    expect(await storedFiles()).toHaveLength(4);
    await images.remove(image);
    expect(await storedFiles()).toEqual([]);
    // Removing again is harmless.
    await expect(images.remove(image)).resolves.toBeUndefined();
  });

  it('two uploads of the same picture get different keys', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const [a, b] = await Promise.all([images.ingest(png, 'x'), images.ingest(png, 'x')]);
    expect(a.url).not.toBe(b.url);
  });

  it('a customer photo over the customer pixel cap is a clear 400 before decoding; the owner may store the same file', async () => {
    // 5000 × 4000 = 20 MP: over the customers' 16 MP, under the owner's 40 MP; a few KB of PNG.
    const png = await solid(5000, 4000).png({ compressionLevel: 9 }).toBuffer();
    const queue = createDecodeQueue({ concurrency: 1 });
    const pipeline = createImagePipeline({ storage, queue });
    for (const folder of ['reviews', 'student-works', 'custom-orders']) {
      const error = await rejection(pipeline.ingest(png, folder, 'private'));
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
      expect(error.messageIn('en')).toBe('The image resolution is too large: at most 16 megapixels');
      expect(error.messageIn('ru')).toBe('Слишком большое разрешение изображения: не больше 16 мегапикселей');
    }
    // Refused from the header: the queue never ran, nothing was stored.
    expect(queue.stats().peakRunning).toBe(0);
    expect(await storedFiles()).toEqual([]);
    const owner = await pipeline.ingest(png, 'portfolio');
    expect(owner.width).toBe(2400);
  });

  it('every decode goes through the queue, never more at once than its concurrency', async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 10 });
    const pipeline = createImagePipeline({ storage, queue });
    const png = await solid(1600, 1200).png().toBuffer();
    const stored = await Promise.all(Array.from({ length: 4 }, () => pipeline.ingest(png, 'portfolio')));
    expect(stored).toHaveLength(4);
    expect(queue.stats()).toMatchObject({ concurrency: 1, peakRunning: 1, running: 0, waiting: 0, refused: 0 });
  });

  it('signed private URLs work at most 10 minutes', async () => {
    const image = await images.ingest(await solid(400, 300).png().toBuffer(), 'reviews', 'private');
    const expires = Number(new URL(images.privateView(image).large, 'http://x').searchParams.get('e'));
    const now = Date.now() / 1000;
    expect(expires).toBeGreaterThan(now);
    expect(expires - now).toBeLessThanOrEqual(600);
  });

  it('rekey moves every variant to new keys: the old URLs are gone for good', async () => {
    const image = await images.ingest(await solid(1200, 800).png().toBuffer(), 'reviews', 'public');
    const oldKeys = [image.url, image.thumb, image.medium, image.large].map((url) => storage.keyFromPublicUrl(url)!);
    const moved = await images.rekey(image, 'private');
    const newKeys = [moved.url, moved.thumb, moved.medium, moved.large].map((url) => storage.keyFromPublicUrl(url)!);
    for (const [i, key] of newKeys.entries()) {
      expect(key).not.toBe(oldKeys[i]);
      expect(key.split('-').pop()).toBe(oldKeys[i]!.split('-').pop());
      expect(await storage.stat('private', key)).not.toBeNull();
      expect(await storage.stat('public', key)).toBeNull();
    }
    for (const key of oldKeys) {
      expect(await storage.stat('public', key)).toBeNull();
      expect(await storage.stat('private', key)).toBeNull();
    }
    expect(moved.width).toBe(image.width);
  });
});

describe('decode queue', () => {
  it('runs at most `concurrency` at once, lets `maxWaiting` wait, and refuses one more with 429 + Retry-After', async () => {
    const queue = createDecodeQueue({ concurrency: 2, maxWaiting: 3, retryAfterSeconds: 7 });
    let active = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const work = () =>
      queue.run(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => gates.push(resolve));
        active--;
      });
    const accepted = Array.from({ length: 5 }, work);
    const refused = await rejection(work());
    expect(refused).toBeInstanceOf(RateLimited);
    expect(refused.statusCode).toBe(429);
    expect((refused as RateLimited).retryAfterSeconds).toBe(7);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 3, refused: 1 });
    // Open the gates one at a time until everything accepted has run.
    while (queue.stats().running > 0) {
      await vi.waitUntil(() => gates.length > 0);
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
    expect(queue.stats()).toMatchObject({ peakRunning: 2, running: 0, waiting: 0 });
  });
});

describe('declaredSize', () => {
  it.each([
    ['png', (s: Sharp) => s.png()],
    ['jpeg', (s: Sharp) => s.jpeg()],
    ['webp', (s: Sharp) => s.webp()],
    ['webp', (s: Sharp) => s.webp({ lossless: true })],
    ['gif', (s: Sharp) => s.gif()],
  ] as const)('reads the size of a %s from its header as sharp does', async (type, encode) => {
    const bytes = await encode(solid(1234, 567)).toBuffer();
    expect(declaredSize(bytes, type)).toEqual({ width: 1234, height: 567 });
  });

  it('answers null for a truncated or foreign header (sharp judges those)', () => {
    expect(declaredSize(Buffer.from([0x89, 0x50]), 'png')).toBeNull();
    expect(declaredSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0]), 'jpeg')).toBeNull();
    expect(declaredSize(Buffer.alloc(40), 'heif')).toBeNull();
  });
});
