import { describe, expect, it } from 'vitest';
import { firstSegments, lowestRendition } from './hls-warm';

const BASE = 'https://shop.example/api/training/lessons/1/hls/sig/master.m3u8';

describe('what the HLS warm-up fetches before hls.js is in', () => {
  it('the master’s lowest-bandwidth rendition, whatever its place in the list', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=5400000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
      '1080p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=950000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=2000000,BANDWIDTH=3000000,RESOLUTION=1280x720',
      '720p/index.m3u8',
    ].join('\n');
    expect(lowestRendition(master, BASE)).toBe('https://shop.example/api/training/lessons/1/hls/sig/360p/index.m3u8');
  });

  it('no rendition in a playlist that lists none', () => {
    expect(lowestRendition('#EXTM3U\n#EXTINF:4.0,\nseg_00000.ts\n', BASE)).toBeNull();
  });

  it('a rendition’s init segment and first segment, in that order; a TS playlist has no init', () => {
    const base = 'https://shop.example/hls/sig/360p/index.m3u8';
    const fmp4 = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:1.000000,',
      'seg_00000.m4s',
      '#EXTINF:1.000000,',
      'seg_00001.m4s',
    ].join('\r\n');
    expect(firstSegments(fmp4, base)).toEqual([
      'https://shop.example/hls/sig/360p/init.mp4',
      'https://shop.example/hls/sig/360p/seg_00000.m4s',
    ]);
    expect(firstSegments('#EXTM3U\n#EXTINF:4,\nseg_0.ts\n#EXTINF:4,\nseg_1.ts\n', base)).toEqual([
      'https://shop.example/hls/sig/360p/seg_0.ts',
    ]);
  });
});
