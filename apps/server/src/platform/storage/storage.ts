/**
 * File storage contract. Drivers: local disk (default, DATA_DIR/files) and S3-compatible (when S3_BUCKET is set).
 * Public files are served under /uploads/<key>; private files (videos, digital books, methodology
 * sheets) are never reachable by URL and are streamed by the features that guard them.
 */
import type { Readable } from 'node:stream';

export type Visibility = 'public' | 'private';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  /** When the bytes were last written, as the driver reports it (`stat` gives it; `put` and `list` may not). */
  lastModified?: Date;
}

export interface ByteRange {
  /** Inclusive start and end byte offsets. */
  start: number;
  end: number;
}

export interface Storage {
  /** Writes atomically (temp file + rename / single PUT); the key is a relative path like `products/abc.webp`. */
  put(visibility: Visibility, key: string, data: Buffer | Readable, contentType: string): Promise<StoredObject>;
  /** null when the object does not exist. */
  stat(visibility: Visibility, key: string): Promise<StoredObject | null>;
  /** Streams the object, or the inclusive byte range of it. Throws when missing. */
  read(visibility: Visibility, key: string, range?: ByteRange): Promise<Readable>;
  delete(visibility: Visibility, key: string): Promise<void>;
  /** Every stored object of one visibility, in no particular order (backups walk the whole store). */
  list(visibility: Visibility): AsyncIterable<StoredObject>;
  /** URL of a public object: `/uploads/<key>`, or the public base URL's when one is configured. */
  publicUrl(key: string): string;
  /**
   * The key of a URL made by `publicUrl` (also `/uploads/<key>`, made before a public base URL was
   * configured); null for any other URL.
   */
  keyFromPublicUrl(url: string): string | null;
  /** Throws when the storage cannot be reached or written (readiness check). */
  check(): Promise<void>;
}

/** Parses `<base>/<key>` (each segment URI-encoded) back into the key; null when `url` is not under `base`. */
export function keyUnder(base: string, url: string): string | null {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  if (!url.startsWith(prefix)) return null;
  try {
    const key = url.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    return key.length > 0 ? key : null;
  } catch {
    return null;
  }
}
