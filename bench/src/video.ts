/**
 * The protected lesson video against plain static serving of the same file.
 *
 * A 64 MiB MP4-looking file is uploaded through the admin API (streamed to private storage), an
 * admin asks for its short-lived signed URL (what `<video src>` uses), then:
 *  - throughput: 4 connections downloading the whole file again and again, in interleaved 1 s rounds
 *    (DURATION of them per side),
 *    bytes/s through the app (signature check, lesson lookup, Range-capable private file stream)
 *    vs a minimal node:http static server streaming the same file (static-server.mjs);
 *    target ≥ 0.8×;
 *  - time to first byte of a mid-file Range request (`bytes=<middle>-<middle+64 KiB>`), 200 samples
 *    one after another on one kept-alive connection (as a seeking player), p50 / p95; target: p95 ≤ 20 ms.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiData, login } from '../../e2e/src/api';
import { freePort } from '../../e2e/src/server';

const HERE = dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
const FILE_BYTES = 64 * MiB;
const CONNECTIONS = 4;
const TTFB_SAMPLES = 200;
export const VIDEO_MIN_RATIO = 0.8;
export const VIDEO_MAX_TTFB_MS = 20;

export interface VideoBench {
  fileBytes: number;
  connections: number;
  protectedMiBps: number;
  staticMiBps: number;
  ratio: number;
  rangeTtfbP50Ms: number;
  rangeTtfbP95Ms: number;
  targetsMet: boolean;
}

export function fakeVideo(): Buffer {
  const bytes = Buffer.alloc(FILE_BYTES, 0x5a);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

/** Streams GET `url` to the end; resolves with the body size and the ms to the first body byte. */
export function get(
  url: string,
  headers: Record<string, string> = {},
  agent: Agent | false = false,
): Promise<{ bytes: number; ttfbMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = -1;
    let bytes = 0;
    const req = request(url, { headers, agent }, (res) => {
      if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url} answered ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        if (ttfbMs < 0) ttfbMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, ttfbMs }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function throughput(url: string, seconds: number, headers: Record<string, string> = {}): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let total = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) total += (await get(url, headers)).bytes;
    }),
  );
  return total / MiB / ((performance.now() - started) / 1000);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

async function startStatic(file: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(HERE, 'static-server.mjs'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/video.mp4`, child };
}

/**
 * A lesson with `video` uploaded through the admin API; its signed URL and what `<video>` sends with
 * it (the session cookie: a signed URL opens only for the account it was signed for).
 */
export async function uploadBenchLesson(
  baseUrl: string,
  admin: { email: string; password: string },
  video: Buffer,
): Promise<{ protectedUrl: string; headers: Record<string, string>; remove(): Promise<void> }> {
  const token = await login(baseUrl, admin);
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      number: 9000 + Math.floor(Math.random() * 900),
      title: { ru: 'Bench' },
      description: { ru: 'Bench' },
      level: 'basic',
      price: { rub: 100, eur: null, usd: null },
      published: false,
    }),
  );
  form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'bench.mp4');
  const created = await fetch(`${baseUrl}/api/admin/lessons`, { method: 'POST', headers: auth, body: form });
  if (created.status !== 201) throw new Error(`POST /api/admin/lessons answered ${created.status}`);
  const lesson = ((await created.json()) as { data: { id: string } }).data;
  const access = await apiData<{ video: string }>(baseUrl, `/training/lessons/${lesson.id}/access`, { token });
  return {
    protectedUrl: `${baseUrl}${access.video}`,
    headers: { cookie: `token=${token}` },
    async remove() {
      await fetch(`${baseUrl}/api/admin/lessons/${lesson.id}`, { method: 'DELETE', headers: auth }).catch(
        () => undefined,
      );
    },
  };
}

/** p50 / p95 time to first byte of a 64 KiB Range request in the middle of the file. */
export async function rangeTtfb(
  url: string,
  fileBytes: number,
  headers: Record<string, string> = {},
): Promise<{ p50: number; p95: number }> {
  const middle = Math.floor(fileBytes / 2);
  const range = { ...headers, range: `bytes=${middle}-${middle + 64 * 1024 - 1}` };
  // One kept-alive connection, as a player seeking within a video uses.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  for (let i = 0; i < TTFB_SAMPLES; i += 1) samples.push((await get(url, range, agent)).ttfbMs);
  agent.destroy();
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Mean MiB/s of `a` and `b` over interleaved one-second rounds (alternating which goes first). */
export async function interleavedThroughput(
  a: string,
  b: string,
  seconds: number,
  aHeaders: Record<string, string> = {},
  bHeaders: Record<string, string> = {},
): Promise<[number, number]> {
  // Warm both (page cache, JIT), then measure each for the same time.
  await throughput(a, 1, aHeaders);
  await throughput(b, 1, bHeaders);
  // A change in machine load during the run hits both sides alike.
  const rounds = Math.max(2, Math.round(seconds));
  let aSum = 0;
  let bSum = 0;
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      aSum += await throughput(a, 1, aHeaders);
      bSum += await throughput(b, 1, bHeaders);
    } else {
      bSum += await throughput(b, 1, bHeaders);
      aSum += await throughput(a, 1, aHeaders);
    }
  }
  return [aSum / rounds, bSum / rounds];
}

export async function videoBench(
  baseUrl: string,
  admin: { email: string; password: string },
  workDir: string,
  seconds: number,
): Promise<VideoBench> {
  const video = fakeVideo();
  const file = join(workDir, 'bench-video.mp4');
  writeFileSync(file, video);
  const lesson = await uploadBenchLesson(baseUrl, admin, video);
  const protectedUrl = lesson.protectedUrl;

  const statics = await startStatic(file);
  try {
    const [protectedMiBps, staticMiBps] = await interleavedThroughput(
      protectedUrl,
      statics.url,
      seconds,
      lesson.headers,
    );
    const { p50: rangeTtfbP50Ms, p95: rangeTtfbP95Ms } = await rangeTtfb(protectedUrl, FILE_BYTES, lesson.headers);
    const ratio = Math.round((protectedMiBps / staticMiBps) * 100) / 100;
    return {
      fileBytes: FILE_BYTES,
      connections: CONNECTIONS,
      protectedMiBps: Math.round(protectedMiBps),
      staticMiBps: Math.round(staticMiBps),
      ratio,
      rangeTtfbP50Ms,
      rangeTtfbP95Ms,
      targetsMet: ratio >= VIDEO_MIN_RATIO && rangeTtfbP95Ms <= VIDEO_MAX_TTFB_MS,
    };
  } finally {
    statics.child.kill('SIGTERM');
    await lesson.remove();
  }
}
