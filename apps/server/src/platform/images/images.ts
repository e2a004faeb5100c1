/**
 * Image pipeline contract: sniff the real type from the bytes, strip EXIF, write WebP variants.
 */
import type { Image } from '@atelier/shared';

export interface ImagePipeline {
  /**
   * Validates `input` by its content (JPEG, PNG, WebP, GIF, AVIF; never SVG or HTML), auto-rotates,
   * strips metadata and stores the original as WebP plus thumb/medium/large variants as public
   * files under `<folder>/`. Throws an `InvalidInput` error (400) for anything that is not an image.
   */
  ingest(input: Buffer, folder: string): Promise<Image>;
  /** Deletes every stored variant of an image produced by `ingest`. */
  remove(image: Image): Promise<void>;
}
