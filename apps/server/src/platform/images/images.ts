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
  /**
   * The refusals `ingest` decides before any decode (not an image, too many bytes, more pixels than
   * the folder allows by its header), alone: a post checks its photo with this before it takes a
   * moderation slot or anything else that costs a database round trip.
   */
  inspect(input: Buffer, folder: string): Promise<void>;
  /**
   * Moves every variant of an image to new keys in `visibility` and deletes the old ones: the
   * image's old URLs (which were served `immutable`) now answer 404 at the origin and are never
   * reused, e.g. for a photo withdrawn after it was public. Returns the image with its new URLs.
   */
  rekey(image: Image, visibility: Visibility): Promise<Image>;
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
/**
 * The same for customers' photos (everything in MODERATED_IMAGE_FOLDERS): 16 MP covers a phone's
 * 12 MP photo and a 16 MP camera's, and costs well under half of the owner's limit to decode.
 */
export const CUSTOMER_IMAGE_MAX_PIXELS = 16_000_000;

/** True for the folders customers upload to (their photos get CUSTOMER_IMAGE_MAX_PIXELS). */
export function isCustomerFolder(folder: string): boolean {
  return (MODERATED_IMAGE_FOLDERS as readonly string[]).includes(folder.split('/')[0] ?? '');
}
