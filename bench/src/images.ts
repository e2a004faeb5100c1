/**
 * Image uploads under load (`npm run bench -- images`, decision 0092). Ten parallel owner uploads
 * of a 16 MP PNG (a few dozen KB that decode to 16 million pixels, as in the measured incident)
 * go to `POST /api/admin/portfolio`, while
 * - `/api/health` is asked one request after another: its p99 must stay < 100 ms;
 * - a customer posts reviews that are refused (a 20 MP photo over the customers' 16 MP cap: 400;
 *   a fourth review while three wait: 409): each refusal must cost < 50 ms, since it is decided
 *   from the header and the moderation count before any decode.
 * The uploads beyond the decode queue's waiting line are refused with 429 + Retry-After by design.
 */
import { deflateSync } from 'node:zlib';
import { apiData, login, verifiedUser } from '../../e2e/src/api';

export const IMAGES_PARALLEL = 10;
export const HEALTH_MAX_P99_MS = 100;
export const REFUSAL_MAX_MS = 50;

export interface ImagesBench {
  parallel: number;
  megapixels: number;
  pngKiB: number;
  accepted: number;
  refusedBusy: number;
  otherStatuses: number[];
  uploadsSeconds: number;
  healthIdleP99Ms: number;
  healthDuringP50Ms: number;
  healthDuringP99Ms: number;
  healthSamples: number;
  /** A customer's 20 MP photo (400) and a review over the waiting cap (409), while the uploads decode. */
  refusedPixelsMedianMs: number;
  refusedPixelsP99Ms: number;
  refusedCapMedianMs: number;
  refusedCapP99Ms: number;
  targetsMet: boolean;
}

/** A valid greyscale PNG of `width`×`height` black pixels: tiny on the wire, costly to decode. */
export function bigPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function timedStatus(run: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

function portfolioForm(png: Buffer, i: number): FormData {
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      title: { ru: `Нагрузка ${i}` },
      description: { ru: 'bench' },
      category: 'wedding',
      mainImageIndex: 0,
    }),
  );
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'big.png');
  return form;
}

function reviewForm(png: Buffer | null): FormData {
  const form = new FormData();
  form.append('reviewText', 'Очень красивые цветы из шёлка');
  form.append('rating', '5');
  if (png) form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return form;
}

export async function imagesBench(base: string, admin: { email: string; password: string }): Promise<ImagesBench> {
  const ownerToken = await login(base, admin);
  const customer = await verifiedUser(base, `bench-images-${Date.now()}@bench.test`);
  const photographer = await verifiedUser(base, `bench-camera-${Date.now()}@bench.test`);
  const post = (path: string, token: string, body: FormData) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });

  const large = bigPng(4000, 4000);
  const overCustomerCap = bigPng(5000, 4000);
  const withinCap = bigPng(3000, 2000);

  // The customer's three reviews waiting for moderation: a fourth is over the cap.
  for (let i = 0; i < 3; i++) {
    const res = await post('/api/reviews', customer.token, reviewForm(null));
    if (res.status !== 201) throw new Error(`bench: a review answered ${res.status}: ${await res.text()}`);
  }

  const healthIdle: number[] = [];
  for (let i = 0; i < 100; i++) healthIdle.push((await timedStatus(() => fetch(`${base}/api/health`))).ms);

  let running = true;
  const started = performance.now();
  const uploads = Promise.all(
    Array.from({ length: IMAGES_PARALLEL }, (_, i) =>
      timedStatus(() => post('/api/admin/portfolio', ownerToken, portfolioForm(large, i))),
    ),
  ).finally(() => {
    running = false;
  });

  const health: number[] = [];
  const healthLoop = (async () => {
    while (running) health.push((await timedStatus(() => fetch(`${base}/api/health`))).ms);
  })();

  const refusedPixels: number[] = [];
  const refusedCap: number[] = [];
  const refusalLoop = (async () => {
    while (running) {
      const pixels = await timedStatus(() => post('/api/reviews', photographer.token, reviewForm(overCustomerCap)));
      if (pixels.status !== 400) throw new Error(`bench: a 20 MP customer photo answered ${pixels.status}`);
      refusedPixels.push(pixels.ms);
      const cap = await timedStatus(() => post('/api/reviews', customer.token, reviewForm(withinCap)));
      if (cap.status !== 409) throw new Error(`bench: a review over the waiting cap answered ${cap.status}`);
      refusedCap.push(cap.ms);
    }
  })();

  const results = await uploads;
  const uploadsSeconds = (performance.now() - started) / 1000;
  await Promise.all([healthLoop, refusalLoop]);
  const statuses = results.map((r) => r.status);
  // Check the owner's uploads made portfolio items (the accepted ones).
  await apiData(base, '/admin/portfolio', { token: ownerToken });

  const healthDuringP99Ms = round(percentile(health, 99));
  const refusedPixelsMedianMs = round(percentile(refusedPixels, 50));
  const refusedCapMedianMs = round(percentile(refusedCap, 50));
  const refusedPixelsP99Ms = round(percentile(refusedPixels, 99));
  const refusedCapP99Ms = round(percentile(refusedCap, 99));
  return {
    parallel: IMAGES_PARALLEL,
    megapixels: 16,
    pngKiB: Math.round(large.length / 1024),
    accepted: statuses.filter((s) => s === 201).length,
    refusedBusy: statuses.filter((s) => s === 429 || s === 503).length,
    otherStatuses: statuses.filter((s) => s !== 201 && s !== 429 && s !== 503),
    uploadsSeconds: Math.round(uploadsSeconds * 10) / 10,
    healthIdleP99Ms: round(percentile(healthIdle, 99)),
    healthDuringP50Ms: round(percentile(health, 50)),
    healthDuringP99Ms,
    healthSamples: health.length,
    refusedPixelsMedianMs,
    refusedPixelsP99Ms,
    refusedCapMedianMs,
    refusedCapP99Ms,
    targetsMet:
      healthDuringP99Ms < HEALTH_MAX_P99_MS &&
      refusedPixelsP99Ms < REFUSAL_MAX_MS &&
      refusedCapP99Ms < REFUSAL_MAX_MS &&
      statuses.every((s) => s === 201 || s === 429 || s === 503),
  };
}

export function imagesRows(b: ImagesBench): [string, string][] {
  return [
    [
      `${b.parallel} parallel owner uploads of a ${b.megapixels} MP PNG (${b.pngKiB} KiB)`,
      `${b.accepted} stored, ${b.refusedBusy} refused busy (429)${b.otherStatuses.length ? `, other: ${b.otherStatuses.join(' ')}` : ''}, all answered in ${b.uploadsSeconds} s`,
    ],
    ['/api/health p99 idle', `${b.healthIdleP99Ms} ms`],
    [
      `/api/health p99 during the uploads (target < ${HEALTH_MAX_P99_MS} ms)`,
      `${b.healthDuringP99Ms} ms (p50 ${b.healthDuringP50Ms} ms, ${b.healthSamples} requests) — ${b.healthDuringP99Ms < HEALTH_MAX_P99_MS ? 'met' : 'NOT met'}`,
    ],
    [
      `refused customer photo, 20 MP > 16 MP cap (target < ${REFUSAL_MAX_MS} ms)`,
      `median ${b.refusedPixelsMedianMs} ms, p99 ${b.refusedPixelsP99Ms} ms — ${b.refusedPixelsP99Ms < REFUSAL_MAX_MS ? 'met' : 'NOT met'}`,
    ],
    [
      `refused review over the waiting cap, 6 MP photo (target < ${REFUSAL_MAX_MS} ms)`,
      `median ${b.refusedCapMedianMs} ms, p99 ${b.refusedCapP99Ms} ms — ${b.refusedCapP99Ms < REFUSAL_MAX_MS ? 'met' : 'NOT met'}`,
    ],
  ];
}
