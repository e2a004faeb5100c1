/**
 * What a file is, by its first bytes — the one place that knows the signatures of everything the
 * site accepts (images, lesson videos, methodology PDFs, digital books). Uploads are judged by
 * this, never by their name or declared type. Kept in-house rather than `file-type`: the set is
 * small and fixed, and a head of SNIFF_BYTES is all it reads, which a ranged read gets from either
 * storage driver (docs/decisions/0032).
 */
import type { Storage, Visibility } from './storage';

export type SniffedType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  /** AVIF and HEIC share the ISO-BMFF container; sharp decodes both. */
  | 'image/heif'
  /** MP4 or MOV (any other ISO-BMFF brand). */
  | 'video/mp4'
  /** WebM or Matroska. */
  | 'video/webm'
  | 'application/pdf'
  | 'application/epub+zip';

/** Enough leading bytes for every signature below. */
export const SNIFF_BYTES = 64;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const startsWith = (head: Buffer, magic: Buffer, offset = 0) =>
  head.length >= offset + magic.length && head.subarray(offset, offset + magic.length).equals(magic);

/** The type of the file that begins with `head`, or null for anything the site does not accept. */
export function sniff(head: Buffer): SniffedType | null {
  const text = head.subarray(0, SNIFF_BYTES).toString('latin1');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (text.startsWith('GIF87a') || text.startsWith('GIF89a')) return 'image/gif';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'image/webp';
  // ISO-BMFF: a box size, then 'ftyp' and the major brand.
  if (head.length >= 12 && text.slice(4, 8) === 'ftyp') {
    return HEIF_BRANDS.has(text.slice(8, 12)) ? 'image/heif' : 'video/mp4';
  }
  if (startsWith(head, EBML)) return 'video/webm';
  if (text.startsWith('%PDF-')) return 'application/pdf';
  // An EPUB is a ZIP whose first entry is the stored file `mimetype` = application/epub+zip.
  if (startsWith(head, ZIP) && text.slice(30, 58) === 'mimetypeapplication/epub+zip') return 'application/epub+zip';
  return null;
}

/** Sniffs a stored file (one streamed to storage by the form reader) from a ranged read of its head. */
export async function sniffStored(storage: Storage, visibility: Visibility, key: string): Promise<SniffedType | null> {
  const stream = await storage.read(visibility, key, { start: 0, end: SNIFF_BYTES - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return sniff(Buffer.concat(chunks));
}
