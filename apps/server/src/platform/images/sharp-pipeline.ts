/**
 * The image pipeline on sharp (libvips). Every upload is judged by its bytes, never by its name or
 * declared type: only JPEG, PNG, WebP, GIF and AVIF/HEIF pass; SVG, HTML and anything else is a 400.
 * The image is decoded once (auto-rotated by its EXIF orientation, capped at 2400 px), then every
 * variant is encoded to WebP from that decoded copy. sharp writes no metadata unless asked, so the
 * stored files carry no EXIF, GPS or camera data.
 */
import { randomBytes } from 'node:crypto';
import type { Image } from '@atelier/shared';
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_BYTES } from '@atelier/shared';
import sharp from 'sharp';
import { InvalidInput, PayloadTooLarge } from '../errors';
import { sniff } from '../storage/sniff';
import type { Storage } from '../storage/storage';
import type { ImagePipeline } from './images';

export interface ImagePipelineOptions {
  storage: Storage;
  /** Largest accepted upload in bytes (default 5 MB). */
  maxBytes?: number;
  /**
   * Largest accepted decoded size in pixels. A 5 MB file can declare a 60000×60000 image that
   * would take gigabytes to decode (a decompression bomb); 50 MP covers any phone camera.
   */
  maxPixels?: number;
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
  const maxPixels = options.maxPixels ?? 50_000_000;
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
      if (/pixel limit/i.test(message)) throw new InvalidInput('imageTooManyPixels');
      throw new InvalidInput('imageOnly', { reason: 'undecodable' });
    }
  }

  return {
    async ingest(input, folder) {
      if (input.length === 0) throw new InvalidInput('imageOnly', { reason: 'empty' });
      if (input.length > maxBytes) throw new PayloadTooLarge('imageTooLarge');
      if (!sniffImageType(input)) throw new InvalidInput('imageOnly', { reason: 'type' });

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
          pending = pipeline.webp({ quality, effort: 4 }).toBuffer();
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
        encoded.map(([name, bytes]) => storage.put('public', keyOf(name), bytes, 'image/webp')),
      );
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) {
        // Leave no orphan variants when storage fails half-way.
        await Promise.all(
          results.flatMap((r) =>
            r.status === 'fulfilled' ? [storage.delete('public', r.value.key).catch(() => {})] : [],
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

    async remove(image) {
      const keys = new Set<string>();
      for (const url of [image.url, image.thumb, image.medium, image.large]) {
        const key = storage.keyFromPublicUrl(url);
        if (key) keys.add(key);
      }
      await Promise.all([...keys].map((key) => storage.delete('public', key)));
    },
  };
}
