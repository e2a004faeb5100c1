/**
 * The image pipeline on sharp (libvips). Every upload is judged by its bytes, never by its name or
 * declared type: only JPEG, PNG, WebP, GIF and AVIF/HEIF pass; SVG, HTML and anything else is a 400.
 * The image is decoded once (auto-rotated by its EXIF orientation, capped at 2400 px), then every
 * variant is encoded to WebP from that decoded copy. sharp writes no metadata unless asked, so the
 * stored files carry no EXIF, GPS or camera data.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Image } from '@atelier/shared';
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_BYTES } from '@atelier/shared';
import sharp from 'sharp';
import { InvalidInput, PayloadTooLarge } from '../errors';
import { sniff } from '../storage/sniff';
import type { Storage, Visibility } from '../storage/storage';
import { type ImagePipeline, MAX_IMAGE_PIXELS, MODERATED_IMAGE_FOLDERS } from './images';

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
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const urlSecret = options.urlSecret ?? randomBytes(32).toString('hex');
  const urlTtlSeconds = options.urlTtlSeconds ?? 3600;
  const mac = (key: string, expires: number) =>
    createHmac('sha256', urlSecret).update(`private-image\n${key}\n${expires}`).digest('base64url');
  const tooManyPixels = () => new InvalidInput('imageTooManyPixels', { maxPixels }, 'IMAGE_TOO_MANY_PIXELS');

  /**
   * The size the header declares (sharp reads only the header here, nothing is decoded); an image
   * above the limit is refused before the costly decode.
   */
  async function checkDeclaredSize(input: Buffer) {
    let width: number | undefined;
    let height: number | undefined;
    try {
      ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
    } catch {
      throw new InvalidInput('imageOnly', { reason: 'undecodable' });
    }
    if (!width || !height) throw new InvalidInput('imageOnly', { reason: 'undecodable' });
    if (width * height > maxPixels) throw tooManyPixels();
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

  async function decode(input: Buffer) {
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
      if (/pixel limit/i.test(message)) throw tooManyPixels();
      throw new InvalidInput('imageOnly', { reason: 'undecodable' });
    }
  }

  return {
    async ingest(input, folder, visibility = 'public', { quick = false } = {}) {
      if (input.length === 0) throw new InvalidInput('imageOnly', { reason: 'empty' });
      if (input.length > maxBytes) throw new PayloadTooLarge('imageTooLarge');
      if (!sniffImageType(input)) throw new InvalidInput('imageOnly', { reason: 'type' });
      await checkDeclaredSize(input);

      const { data, info } = await decode(input);
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const id = randomBytes(12).toString('base64url');
      const keyOf = (variant: VariantName) => `${folder}/${id}-${variant}.webp`;

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
      const variants: [VariantName, number][] = [
        ['full', info.width],
        ['thumb', IMAGE_VARIANT_WIDTHS.thumb],
        ['medium', IMAGE_VARIANT_WIDTHS.medium],
        ['large', IMAGE_VARIANT_WIDTHS.large],
      ];
      const encoded = await Promise.all(variants.map(async ([name, width]) => [name, await encode(width)] as const));

      const results = await Promise.allSettled(
        encoded.map(([name, bytes]) => storage.put(visibility, keyOf(name), bytes, 'image/webp')),
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
