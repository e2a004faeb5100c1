/**
 * Image pipeline contract: sniff the real type from the bytes, strip EXIF, write WebP variants.
 */
import type { Image } from '@atelier/shared';
import type { Visibility } from '../storage/storage';

export interface ImagePipeline {
  /**
   * Validates `input` by its content (JPEG, PNG, WebP, GIF, AVIF; never SVG or HTML), refuses more
   * pixels than allowed from the header alone (before anything is decoded), auto-rotates, strips
   * metadata and stores the original as WebP plus thumb/medium/large variants under `<folder>/`:
   * public files by default, private ones (not under /uploads/) for photos waiting for moderation.
   * Throws an `InvalidInput` error (400) for anything that is not an image.
   * The image's URLs are always the public form (`/uploads/<key>`); `privateView` makes the ones
   * an author or the admin can open while the files are private. `quick` encodes with less effort
   * (files ~7 % larger, encoding ~2.5× faster): for the generated demo images of a first start.
   */
  ingest(input: Buffer, folder: string, visibility?: Visibility, options?: { quick?: boolean }): Promise<Image>;
  /** Moves every variant of an image to public (approved) or private (waiting, rejected) storage. */
  setVisibility(image: Image, visibility: Visibility): Promise<void>;
  /**
   * The image with short-lived signed URLs of its private files (`/api/media/private/<key>?e=&s=`),
   * for its author and the admin; nobody else is handed them. docs/decisions/0057.
   */
  privateView(image: Image): Image;
  /** The key a signed private URL opens, or null when the signature is wrong, expired or not for an image. */
  verifyPrivate(key: string, expires: string | undefined, signature: string | undefined): string | null;
  /** Deletes every stored variant of an image produced by `ingest`, public or private. */
  remove(image: Image): Promise<void>;
}

/** Folders whose photos wait for moderation: the only private files the private-image route serves. */
export const MODERATED_IMAGE_FOLDERS = ['reviews', 'student-works', 'custom-orders'] as const;

/** Largest accepted decoded size in pixels, checked from the header before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
