/**
 * Real image bytes and the upload cases every image field must refuse: over 5 MB, a text
 * file named .jpg, SVG (scripts), HTML, zero bytes. Each case: file bytes + name + type + expected
 * status and message (ru, the default language).
 */
import { MAX_IMAGE_BYTES } from '@atelier/shared';
import sharp from 'sharp';

export async function pngBytes(width = 40, height = 30, background = '#c86'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function jpegBytes(width = 30, height = 40, background = '#68c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

export interface BadUpload {
  name: string;
  bytes: Buffer;
  filename: string;
  type: string;
  status: number;
  message: string;
}

export const BAD_UPLOADS: BadUpload[] = [
  {
    name: 'a file over 5 MB',
    bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff),
    filename: 'big.jpg',
    type: 'image/jpeg',
    status: 413,
    message: 'Размер файла не должен превышать 5MB',
  },
  {
    name: 'a text file named .jpg',
    bytes: Buffer.from('just some words, not a picture at all'),
    filename: 'photo.jpg',
    type: 'image/jpeg',
    status: 400,
    message: 'Можно загружать только изображения',
  },
  {
    name: 'an SVG (it can carry scripts)',
    bytes: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    ),
    filename: 'flower.svg',
    type: 'image/svg+xml',
    status: 400,
    message: 'Можно загружать только изображения',
  },
  {
    name: 'an HTML page',
    bytes: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    filename: 'page.png',
    type: 'text/html',
    status: 400,
    message: 'Можно загружать только изображения',
  },
  {
    name: 'an empty file (zero bytes)',
    bytes: Buffer.alloc(0),
    filename: 'empty.jpg',
    type: 'image/jpeg',
    status: 400,
    message: 'Файл пустой',
  },
];

/** A Blob with the given type, for FormData.append(name, blob, filename). */
export const blobOf = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });
