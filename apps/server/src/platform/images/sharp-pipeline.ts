/**
 * The image pipeline on sharp (libvips). Every upload is judged by its bytes, never by its name or
 * declared type: only JPEG, PNG, WebP, GIF and AVIF/HEIF pass; SVG, HTML and anything else is a 400.
 * The image is decoded once (auto-rotated by its EXIF orientation, capped at 2400 px), then every
 * variant is encoded to WebP from that decoded copy. sharp writes no metadata unless asked, so the
 * stored files carry no EXIF, GPS or camera data.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Image } from '@atelier/shared';
import { fillText, IMAGE_VARIANT_WIDTHS, MAX_IMAGE_BYTES, SERVER_MESSAGES } from '@atelier/shared';
import sharp from 'sharp';
import { InvalidInput, PayloadTooLarge } from '../errors';
import { sniff } from '../storage/sniff';
import type { Storage, Visibility } from '../storage/storage';
import { createDecodeQueue, type DecodeQueue } from './decode-queue';
import { declaredSize } from './image-header';
import {
  CUSTOMER_IMAGE_MAX_PIXELS,
  type ImagePipeline,
  isCustomerFolder,
  MAX_IMAGE_PIXELS,
  MODERATED_IMAGE_FOLDERS,
} from './images';

export interface ImagePipelineOptions {
  storage: Storage;
  /** Largest accepted upload in bytes (default 5 MB). */
  maxBytes?: number;
  /**
   * Largest accepted decoded size in pixels, read from the header before anything is decoded. A
   * 150 KB PNG can declare 7000×7000 pixels that cost a second of CPU and 150 MB to decode (a
   * decompression bomb); 40 MP covers phone cameras.
   */
  maxPixels?: number;
  /**
   * The same for customers' photos (the moderated folders: reviews, students' works, custom-order
   * references): a phone photo needs far less than the owner's camera, and customers are many.
   */
  customerMaxPixels?: number;
  /** The instance's one decode queue (a private one when unset). */
  queue?: DecodeQueue;
  /** Key of the signed URLs of private images (one per process when unset). */
  urlSecret?: string;
  /** How long a signed private-image URL works at least (it is stable within such a span). */
  urlTtlSeconds?: number;
  /** Longest side of the stored full image. */
  maxDimension?: number;
  /** WebP quality 1..100. */
  quality?: number;
}

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif';

/** The real image type from the file's leading bytes, or null for anything we do not accept. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  const type = sniff(bytes);
  return type?.startsWith('image/') ? (type.slice('image/'.length) as ImageType) : null;
}

type VariantName = 'full' | keyof typeof IMAGE_VARIANT_WIDTHS;

export function createImagePipeline(options: ImagePipelineOptions): ImagePipeline {
  const { storage } = options;
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const ownerMaxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const customerMaxPixels = Math.min(ownerMaxPixels, options.customerMaxPixels ?? CUSTOMER_IMAGE_MAX_PIXELS);
  const queue = options.queue ?? createDecodeQueue();
  const urlSecret = options.urlSecret ?? randomBytes(32).toString('hex');
  // Signed private URLs are stable within a span and valid one to two spans: at most 10 minutes.
  const urlTtlSeconds = options.urlTtlSeconds ?? 300;
  const mac = (key: string, expires: number) =>
    createHmac('sha256', urlSecret).update(`private-image\n${key}\n${expires}`).digest('base64url');
  const tooManyPixels = (maxPixels: number) => {
    if (maxPixels === MAX_IMAGE_PIXELS)
      return new InvalidInput('imageTooManyPixels', { maxPixels }, 'IMAGE_TOO_MANY_PIXELS');
    const text = SERVER_MESSAGES.imageTooManyPixelsAtMost;
    const megapixels = String(Math.floor(maxPixels / 1_000_000));
    return new InvalidInput(
      {
        ru: fillText(text.ru, { megapixels }),
        en: fillText(text.en, { megapixels }),
        es: fillText(text.es, { megapixels }),
      },
      { maxPixels },
      'IMAGE_TOO_MANY_PIXELS',
    );
  };

  /**
   * The size the header declares, read before anything is decoded and outside the decode queue, so
   * a refusal stays cheap while the queue is busy: PNG, GIF, JPEG and WebP headers in JavaScript,
   * the others through sharp's header-only `metadata()`.
   */
  async function checkDeclaredSize(input: Buffer, type: string, maxPixels: number) {
    let size = declaredSize(input, type);
    if (!size) {
      try {
        const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
        size = width && height ? { width, height } : null;
      } catch {
        throw new InvalidInput('imageOnly', { reason: 'undecodable' });
      }
    }
    if (!size?.width || !size.height) throw new InvalidInput('imageOnly', { reason: 'undecodable' });
    if (size.width * size.height > maxPixels) throw tooManyPixels(maxPixels);
  }

  /** Everything refused before the queue; returns the folder's pixel cap. */
  async function inspect(input: Buffer, folder: string): Promise<number> {
    if (input.length === 0) throw new InvalidInput('imageOnly', { reason: 'empty' });
    if (input.length > maxBytes) throw new PayloadTooLarge('imageTooLarge');
    const type = sniffImageType(input);
    if (!type) throw new InvalidInput('imageOnly', { reason: 'type' });
    const maxPixels = isCustomerFolder(folder) ? customerMaxPixels : ownerMaxPixels;
    await checkDeclaredSize(input, type, maxPixels);
    return maxPixels;
  }

  function keysOf(image: Image): string[] {
    const keys = new Set<string>();
    for (const url of [image.url, image.thumb, image.medium, image.large]) {
      const key = storage.keyFromPublicUrl(url);
      if (key) keys.add(key);
    }
    return [...keys];
  }

  async function move(key: string, from: Visibility, to: Visibility) {
    if (!(await storage.stat(from, key))) return; // already there (or gone)
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(from, key)) chunks.push(chunk as Buffer);
    await storage.put(to, key, Buffer.concat(chunks), 'image/webp');
    await storage.delete(from, key);
  }
  const maxDimension = options.maxDimension ?? 2400;
  const quality = options.quality ?? 82;

  async function decode(input: Buffer, maxPixels: number) {
    try {
      // failOn 'error' rejects truncated and corrupt files yet tolerates the harmless warnings
      // many phone JPEGs produce; animated GIF/WebP keep their first frame only.
      return await sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false })
        .autoOrient()
        // CMYK and 16-bit inputs become plain 8-bit sRGB, which the raw hand-over below assumes.
        .toColourspace('srgb')
        .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) throw tooManyPixels(maxPixels);
      throw new InvalidInput('imageOnly', { reason: 'undecodable' });
    }
  }

  /** Decodes once, then encodes every variant from the decoded copy: all the CPU work of an upload. */
  async function convert(input: Buffer, maxPixels: number, quick: boolean) {
    const { data, info } = await decode(input, maxPixels);
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // Never upscale: a variant at least as wide as the image is the image itself, and variants of
    // the same effective width share one encode (a 1200 px upload needs two encodes, not four).
    const encodes = new Map<number, Promise<Buffer>>();
    const encode = (width: number) => {
      const target = Math.min(width, info.width);
      let pending = encodes.get(target);
      if (!pending) {
        const pipeline = sharp(data, raw);
        if (target < info.width) pipeline.resize({ width: target });
        pending = pipeline.webp({ quality, effort: quick ? 2 : 4 }).toBuffer();
        encodes.set(target, pending);
      }
      return pending;
    };
    const names: [VariantName, number][] = [
      ['full', info.width],
      ['thumb', IMAGE_VARIANT_WIDTHS.thumb],
      ['medium', IMAGE_VARIANT_WIDTHS.medium],
      ['large', IMAGE_VARIANT_WIDTHS.large],
    ];
    // One encode after another: a turn of the queue keeps to one threadpool thread, so the event
    // loop and the other requests keep a core.
    const variants: (readonly [VariantName, Buffer])[] = [];
    for (const [name, width] of names) variants.push([name, await encode(width)] as const);
    return { info, variants };
  }

  return {
    async inspect(input, folder) {
      await inspect(input, folder);
    },

    async ingest(input, folder, visibility = 'public', { quick = false } = {}) {
      const maxPixels = await inspect(input, folder);
      // The decode and every encode hold one turn of the instance's queue.
      const encoded = await queue.run(() => convert(input, maxPixels, quick));
      const id = randomBytes(12).toString('base64url');
      const keyOf = (variant: VariantName) => `${folder}/${id}-${variant}.webp`;
      const { info } = encoded;

      const results = await Promise.allSettled(
        encoded.variants.map(([name, bytes]) => storage.put(visibility, keyOf(name), bytes, 'image/webp')),
      );
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) {
        // Leave no orphan variants when storage fails half-way.
        await Promise.all(
          results.flatMap((r) =>
            r.status === 'fulfilled' ? [storage.delete(visibility, r.value.key).catch(() => {})] : [],
          ),
        );
        throw failed.reason;
      }

      return {
        url: storage.publicUrl(keyOf('full')),
        thumb: storage.publicUrl(keyOf('thumb')),
        medium: storage.publicUrl(keyOf('medium')),
        large: storage.publicUrl(keyOf('large')),
        width: info.width,
        height: info.height,
      } satisfies Image;
    },

    async rekey(image, visibility) {
      const id = randomBytes(12).toString('base64url');
      const moved = new Map<string, string>();
      for (const key of keysOf(image)) {
        const folder = key.slice(0, key.lastIndexOf('/'));
        const variant = key.slice(key.lastIndexOf('-') + 1);
        const from = (await storage.stat('public', key))
          ? 'public'
          : (await storage.stat('private', key))
            ? 'private'
            : null;
        const target = `${folder}/${id}-${variant}`;
        moved.set(key, target);
        if (!from) continue;
        const chunks: Buffer[] = [];
        for await (const chunk of await storage.read(from, key)) chunks.push(chunk as Buffer);
        await storage.put(visibility, target, Buffer.concat(chunks), 'image/webp');
      }
      // The old keys go only once every copy exists: a failure half-way leaves the image whole.
      await Promise.all(
        [...moved.keys()].flatMap((key) => [
          storage.delete('public', key).catch(() => undefined),
          storage.delete('private', key).catch(() => undefined),
        ]),
      );
      const renamed = (url: string) => {
        const key = storage.keyFromPublicUrl(url);
        const target = key ? moved.get(key) : undefined;
        return target ? storage.publicUrl(target) : url;
      };
      return {
        ...image,
        url: renamed(image.url),
        thumb: renamed(image.thumb),
        medium: renamed(image.medium),
        large: renamed(image.large),
      };
    },

    async setVisibility(image, visibility) {
      const from = visibility === 'public' ? 'private' : 'public';
      await Promise.all(keysOf(image).map((key) => move(key, from, visibility)));
    },

    privateView(image) {
      // Stable within one span (the browser can cache the page's images), valid one to two spans.
      const span = urlTtlSeconds;
      const expires = (Math.floor(Date.now() / 1000 / span) + 2) * span;
      const signed = (url: string) => {
        const key = storage.keyFromPublicUrl(url);
        if (!key) return url;
        const path = key.split('/').map(encodeURIComponent).join('/');
        return `/api/media/private/${path}?e=${expires}&s=${mac(key, expires)}`;
      };
      return {
        ...image,
        url: signed(image.url),
        thumb: signed(image.thumb),
        medium: signed(image.medium),
        large: signed(image.large),
      };
    },

    verifyPrivate(key, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
      if (Number(expires) * 1000 <= Date.now()) return null;
      const folder = key.split('/')[0] ?? '';
      if (!(MODERATED_IMAGE_FOLDERS as readonly string[]).includes(folder) || !key.endsWith('.webp')) return null;
      const expected = Buffer.from(mac(key, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return key;
    },

    async remove(image) {
      const keys = keysOf(image);
      await Promise.all(
        keys.flatMap((key) => [storage.delete('public', key), storage.delete('private', key).catch(() => undefined)]),
      );
    },
  };
}
