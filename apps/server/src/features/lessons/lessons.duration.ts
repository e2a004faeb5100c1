/**
 * How long a stored lesson video is, read from its container's header with a few ranged reads
 * (either storage driver serves them): MP4/MOV from the `mvhd` box, wherever `moov` sits in the
 * file; WebM/Matroska from the segment's `Info` (`Duration` × `TimecodeScale`). The learner's
 * progress is measured against this length, never against one the browser reports
 * (docs/decisions/0044). null when the header does not say (a live-recorded WebM without a
 * duration, a fragmented MP4, a damaged file).
 */
import type { Storage } from '../../platform/storage/storage';

/** Top-level boxes of an MP4 walked before giving up (a normal file has 3–6). */
const MP4_MAX_BOXES = 64;
/** Bytes of a WebM's head searched for its `Info`: it sits before the first cluster. */
const WEBM_HEAD_BYTES = 64 * 1024;

type ReadRange = (start: number, end: number) => Promise<Buffer>;

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** An MP4 box header at `offset`: its type, where its body starts and where the box ends. */
async function boxAt(read: ReadRange, offset: number, fileEnd: number) {
  if (offset + 8 > fileEnd) return null;
  const head = await read(offset, Math.min(offset + 16, fileEnd) - 1);
  if (head.length < 8) return null;
  let size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let body = offset + 8;
  if (size === 1) {
    if (head.length < 16) return null;
    size = Number(head.readBigUInt64BE(8));
    body = offset + 16;
  } else if (size === 0) {
    size = fileEnd - offset;
  }
  if (size < body - offset || !Number.isSafeInteger(size)) return null;
  return { type, body, end: Math.min(offset + size, fileEnd) };
}

/** Seconds from the movie header: `timescale` units per second, `duration` units long. */
function mvhdSeconds(mvhd: Buffer): number | null {
  if (mvhd.length < 1) return null;
  const version = mvhd[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (mvhd.length < 32) return null;
    timescale = mvhd.readUInt32BE(20);
    const long = mvhd.readBigUInt64BE(24);
    if (long === 0xffff_ffff_ffff_ffffn) return null;
    duration = Number(long);
  } else {
    if (mvhd.length < 20) return null;
    timescale = mvhd.readUInt32BE(12);
    duration = mvhd.readUInt32BE(16);
    if (duration === 0xffff_ffff) return null;
  }
  if (timescale === 0 || duration === 0) return null;
  return duration / timescale;
}

export async function mp4Duration(read: ReadRange, size: number): Promise<number | null> {
  let offset = 0;
  for (let hops = 0; hops < MP4_MAX_BOXES; hops++) {
    const box = await boxAt(read, offset, size);
    if (!box) return null;
    if (box.type === 'moov') {
      let child = box.body;
      for (let inner = 0; inner < MP4_MAX_BOXES; inner++) {
        const sub = await boxAt(read, child, box.end);
        if (!sub) return null;
        if (sub.type === 'mvhd') return mvhdSeconds(await read(sub.body, Math.min(sub.body + 32, sub.end) - 1));
        child = sub.end;
      }
      return null;
    }
    offset = box.end;
  }
  return null;
}

/** An EBML variable-length integer at `at`: its length in bytes and value (marker bit kept for ids). */
function vint(buffer: Buffer, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = buffer[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buffer.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buffer[at + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  // An all-ones size is "unknown" (a live recording's segment).
  return { length, value: !keepMarker && allOnes ? -1 : value };
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

export function webmDuration(head: Buffer): number | null {
  let at = 0;
  let end = head.length;
  let scale = 1_000_000;
  let duration: number | null = null;
  // Walks the top level, then the segment, then its Info, descending by moving `at` into a body.
  while (at < end) {
    const id = vint(head, at, true);
    if (!id) return null;
    const size = vint(head, at + id.length, false);
    if (!size) return null;
    const body = at + id.length + size.length;
    const bodyEnd = size.value < 0 ? end : body + size.value;
    if (id.value === SEGMENT) {
      at = body;
      end = Math.min(bodyEnd, head.length);
      continue;
    }
    if (id.value === INFO) {
      at = body;
      end = Math.min(bodyEnd, head.length);
      if (bodyEnd > head.length) return null;
      // Inside Info: read the two values, then stop.
      while (at < end) {
        const childId = vint(head, at, true);
        if (!childId) return null;
        const childSize = vint(head, at + childId.length, false);
        if (!childSize || childSize.value < 0) return null;
        const start = at + childId.length + childSize.length;
        const value = head.subarray(start, start + childSize.value);
        if (childId.value === TIMECODE_SCALE && value.length > 0 && value.length <= 6)
          scale = value.readUIntBE(0, value.length);
        if (childId.value === DURATION) {
          if (value.length === 4) duration = value.readFloatBE(0);
          else if (value.length === 8) duration = value.readDoubleBE(0);
        }
        at = start + childSize.value;
      }
      if (duration === null || !Number.isFinite(duration) || duration <= 0 || scale <= 0) return null;
      return (duration * scale) / 1e9;
    }
    if (id.value !== EBML_HEADER && size.value < 0) return null;
    at = bodyEnd;
  }
  return null;
}

/** The length of a stored video in seconds, or null when its header does not tell. */
export async function probeVideoDuration(
  storage: Storage,
  ref: { key: string; contentType: string; size: number },
): Promise<number | null> {
  const read: ReadRange = async (start, end) => readAll(await storage.read('private', ref.key, { start, end }));
  try {
    const seconds =
      ref.contentType === 'video/webm'
        ? webmDuration(await read(0, Math.min(WEBM_HEAD_BYTES, ref.size) - 1))
        : await mp4Duration(read, ref.size);
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    // A file cut short or gone from storage: the length stays unknown.
    return null;
  }
}
