import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SEED_ASSETS_URL } from '../../demo/seed';
import type { Storage } from '../../platform/storage/storage';
import { mp4Duration, probeVideoDuration, webmDuration } from './lessons.duration';

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** A version-0 movie header: `duration` units of `timescale` per second. */
function mvhd0(timescale: number, duration: number) {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
}

/** A version-1 movie header (64-bit times and duration). */
function mvhd1(timescale: number, duration: bigint) {
  const body = Buffer.alloc(112);
  body[0] = 1;
  body.writeUInt32BE(timescale, 20);
  body.writeBigUInt64BE(duration, 24);
  return box('mvhd', body);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
const readOf = (file: Buffer) => async (start: number, end: number) => file.subarray(start, end + 1);
const mp4 = (file: Buffer) => mp4Duration(readOf(file), file.length);

/** An EBML element: id bytes, an 8-byte size, the body. */
function ebml(id: number[], body: Buffer, unknownSize = false) {
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  if (unknownSize) size.fill(0xff, 1);
  else size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, body]);
}
const float64 = (value: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return b;
};

function webm(options: { scale?: number; duration?: number; unknownSegment?: boolean; cluster?: boolean }) {
  const info: Buffer[] = [];
  if (options.scale !== undefined)
    info.push(
      ebml([0x2a, 0xd7, 0xb1], Buffer.from([options.scale >> 16, (options.scale >> 8) & 0xff, options.scale & 0xff])),
    );
  info.push(ebml([0x4d, 0x80], Buffer.from('test muxer')));
  if (options.duration !== undefined) info.push(ebml([0x44, 0x89], float64(options.duration)));
  const segment = Buffer.concat([
    ebml([0x11, 0x4d, 0x9b, 0x74], Buffer.alloc(20)),
    ebml([0xec], Buffer.alloc(5)),
    ebml([0x15, 0x49, 0xa9, 0x66], Buffer.concat(info)),
    ...(options.cluster ? [ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(50))] : []),
  ]);
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
    ebml([0x18, 0x53, 0x80, 0x67], segment, options.unknownSegment),
  ]);
}

describe('MP4 length from the movie header', () => {
  it('the demo lesson video is 5 s long', async () => {
    const sample = await readFile(new URL('lesson-sample.mp4', SEED_ASSETS_URL));
    expect(await mp4(sample)).toBe(5);
  });

  it.each([
    [
      'moov after mdat (not fast-started)',
      Buffer.concat([ftyp, box('mdat', Buffer.alloc(5000)), box('moov', mvhd0(600, 45_000))]),
      75,
    ],
    ['moov first', Buffer.concat([ftyp, box('moov', mvhd0(1000, 1_234_567)), box('mdat', Buffer.alloc(10))]), 1234.567],
    [
      'mvhd after another box in moov',
      Buffer.concat([ftyp, box('moov', Buffer.concat([box('iods', Buffer.alloc(16)), mvhd0(90_000, 90_000 * 42)]))]),
      42,
    ],
    ['a version-1 header', Buffer.concat([ftyp, box('moov', mvhd1(1000, 7_200_000n))]), 7200],
  ])('%s', async (_, file, seconds) => {
    expect(await mp4(file)).toBeCloseTo(seconds, 6);
  });

  it.each([
    ['no moov at all', Buffer.concat([ftyp, box('mdat', Buffer.alloc(100))])],
    ['a zero duration (fragmented)', Buffer.concat([ftyp, box('moov', mvhd0(1000, 0))])],
    ['an unknown duration', Buffer.concat([ftyp, box('moov', mvhd0(1000, 0xffff_ffff))])],
    ['a zero timescale', Buffer.concat([ftyp, box('moov', mvhd0(0, 1000))])],
    ['a box size that runs backwards', Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4, 0x6d, 0x6f, 0x6f, 0x76])])],
    ['a file cut inside the header', Buffer.concat([ftyp, box('moov', mvhd0(1000, 5000))]).subarray(0, 50)],
  ])('%s → unknown', async (_, file) => {
    expect(await mp4(file)).toBeNull();
  });
});

describe('WebM length from the segment info', () => {
  it.each([
    ['default timecode scale (1 ms)', webm({ duration: 65_500 }), 65.5],
    ['its own timecode scale', webm({ scale: 100_000, duration: 300_000 }), 30],
    ['a segment of unknown size (live recording) with a duration', webm({ duration: 2000, unknownSegment: true }), 2],
  ])('%s', (_, file, seconds) => {
    expect(webmDuration(file)).toBeCloseTo(seconds, 6);
  });

  it.each([
    ['no Duration element', webm({ cluster: true })],
    ['not EBML at all', Buffer.from('just some bytes that are not a video')],
    ['an empty file', Buffer.alloc(0)],
  ])('%s → unknown', (_, file) => {
    expect(webmDuration(file)).toBeNull();
  });
});

describe('probeVideoDuration', () => {
  const storageOf = (files: Record<string, Buffer>) =>
    ({
      async read(_visibility: string, key: string, range?: { start: number; end: number }) {
        const file = files[key];
        if (!file) throw new Error('missing');
        return Readable.from([range ? file.subarray(range.start, range.end + 1) : file]);
      },
    }) as unknown as Storage;

  it('reads either container through ranged reads of the storage', async () => {
    const mp4File = Buffer.concat([ftyp, box('mdat', Buffer.alloc(200_000)), box('moov', mvhd0(1000, 12_000))]);
    const webmFile = webm({ duration: 8000 });
    const storage = storageOf({ a: mp4File, b: webmFile });
    expect(await probeVideoDuration(storage, { key: 'a', contentType: 'video/mp4', size: mp4File.length })).toBe(12);
    expect(await probeVideoDuration(storage, { key: 'b', contentType: 'video/webm', size: webmFile.length })).toBe(8);
  });

  it('a file gone from storage is an unknown length, not an error', async () => {
    expect(await probeVideoDuration(storageOf({}), { key: 'gone', contentType: 'video/mp4', size: 100 })).toBeNull();
  });
});
