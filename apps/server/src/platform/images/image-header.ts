/**
 * The pixel size an image declares, read from its first bytes in JavaScript: no decoder, no
 * threadpool, so refusing an oversized upload costs microseconds even while the decode queue is
 * busy. PNG, GIF, JPEG and WebP; anything else (AVIF/HEIF) answers null and is measured by sharp's
 * header-only `metadata()`.
 */
export interface DeclaredSize {
  width: number;
  height: number;
}

function png(b: Buffer): DeclaredSize | null {
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): DeclaredSize | null {
  if (b.length < 10) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** Start-of-frame markers that carry the frame size (not DHT 0xC4, JPG 0xC8, DAC 0xCC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Buffer): DeclaredSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before a frame
    const length = b.readUInt16BE(at + 2);
    if (SOF.has(marker)) return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

function webp(b: Buffer): DeclaredSize | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** The declared size of a PNG, GIF, JPEG or WebP, or null when the header is not one of them or unreadable. */
export function declaredSize(bytes: Buffer, type: string): DeclaredSize | null {
  try {
    switch (type) {
      case 'png':
        return png(bytes);
      case 'gif':
        return gif(bytes);
      case 'jpeg':
        return jpeg(bytes);
      case 'webp':
        return webp(bytes);
      default:
        return null;
    }
  } catch {
    return null; // a truncated header: let sharp judge it
  }
}
