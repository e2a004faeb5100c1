/**
 * HLS renditions of lesson videos: an uploaded video (a real one, made by ffmpeg here) is
 * transcoded by the background job into a master playlist with renditions no taller than the
 * source, served only through the signed path from /access (Range and 304 like the MP4); a new
 * upload replaces them atomically; a failed job is shown and retried; HLS=off keeps the MP4 path.
 *
 * These tests need ffmpeg (CI installs it): without it they fail, they are not skipped.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AdminLessonSchema,
  ErrorBodySchema,
  LessonAccessSchema,
  LessonHlsStatusSchema,
  successEnvelope,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app';
import { lessons, lessonTranscodes } from '../../db/schema';
import { adminUser, orderBody, placeOrder, type TestUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { fakeMp4, grant } from '../../test/lessons';
import { secondsLeft } from './lessons.hls';
import { findFfmpeg, progressSeconds, renditionsFor, transcodeToHls } from './lessons.hls.transcode';
import { createMediaSigner } from './lessons.media';

const run = promisify(execFile);
const SECRET = 'test-media-secret-0123456789abcdef-hls';

const ffmpeg = findFfmpeg({ mode: 'auto' });
let work: string;
let clipA: Buffer;
let clipB: Buffer;

/** A short test-pattern clip with a tone, made by ffmpeg. */
async function makeClip(name: string, pattern: string, size: string, seconds: number): Promise<Buffer> {
  if (!ffmpeg) throw new Error('ffmpeg and ffprobe are needed for the HLS tests (apt-get install ffmpeg)');
  const out = join(work, name);
  await run(ffmpeg.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=size=${size}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
  ]);
  return readFileSync(out);
}

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (number: number) => ({
  number,
  title: { ru: 'Пион', en: 'Peony' },
  description: { ru: 'Пышный пион' },
  level: 'basic',
  price: { rub: 2900, eur: 32, usd: 35 },
  published: true,
});

type Headers = Record<string, string>;

function api(t: TestContext) {
  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
  return {
    get,
    async upload(admin: TestUser, method: 'POST' | 'PUT', url: string, number: number, video: Buffer) {
      const form = multipart([
        { name: 'data', data: JSON.stringify(fields(number)) },
        { name: 'video', filename: 'lesson.mp4', type: 'video/mp4', data: video },
      ]);
      const res = await t.app.inject({
        method,
        url,
        payload: form.payload,
        headers: { ...admin.headers, ...form.headers },
      });
      expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
      return successEnvelope(AdminLessonSchema).parse(res.json()).data.id;
    },
    async status(admin: TestUser, lessonId: string) {
      const res = await get(`/api/admin/lessons/${lessonId}/hls`, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      return successEnvelope(LessonHlsStatusSchema).parse(res.json()).data;
    },
    async access(user: TestUser, lessonId: string) {
      const res = await get(`/api/training/lessons/${lessonId}/access`, user.headers);
      expect(res.statusCode, res.body).toBe(200);
      return successEnvelope(LessonAccessSchema).parse(res.json()).data;
    },
  };
}

/** The URIs a playlist names (lines and EXT-X-MAP), resolved against its URL. */
function children(playlistUrl: string, text: string): string[] {
  const base = new URL(playlistUrl, 'http://localhost');
  const uris = text.split('\n').flatMap((line) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('#EXT-X-MAP:')) return [/URI="([^"]+)"/.exec(trimmed)?.[1] ?? ''];
    return trimmed && !trimmed.startsWith('#') ? [trimmed] : [];
  });
  return uris.map((uri) => {
    const url = new URL(uri, base);
    return `${url.pathname}${url.search}`;
  });
}

async function privateKeys(t: TestContext, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.platform.storage.list('private'))
    if (object.key.startsWith(prefix)) keys.push(object.key);
  return keys.sort();
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'atelier-hls-fixture-'));
  [clipA, clipB] = await Promise.all([
    makeClip('a.mp4', 'testsrc', '1280x720', 4),
    makeClip('b.mp4', 'testsrc2', '1280x720', 3),
  ]);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the transcode plan', () => {
  it('has ffmpeg to work with (CI installs it)', () => {
    expect(ffmpeg).not.toBeNull();
  });

  it('makes no rendition taller than the source', () => {
    expect(renditionsFor(2160).map((r) => r.height)).toEqual([360, 720, 1080]);
    expect(renditionsFor(1080).map((r) => r.height)).toEqual([360, 720, 1080]);
    expect(renditionsFor(720).map((r) => r.height)).toEqual([360, 720]);
    expect(renditionsFor(480).map((r) => r.height)).toEqual([360]);
    expect(renditionsFor(241).map((r) => r.height)).toEqual([240]);
  });

  it('reads the progress lines of ffmpeg', () => {
    expect(progressSeconds('out_time_us=2500000')).toBe(2.5);
    expect(progressSeconds('progress=continue')).toBeNull();
  });

  it('tells the time left from the pace so far, not before 2 %', () => {
    const started = new Date('2026-01-01T10:00:00Z');
    const at = (seconds: number) => started.getTime() + seconds * 1000;
    expect(secondsLeft(started, 0.01, at(30))).toBeNull();
    expect(secondsLeft(started, 0.25, at(60))).toBe(180);
    expect(secondsLeft(started, 0.5, at(60))).toBe(60);
    expect(secondsLeft(started, 1, at(60))).toBe(0);
  });

  it('makes the lowest rendition first and hands it over before the others exist', async () => {
    const out = join(work, 'plan-out');
    const source = join(work, 'a.mp4');
    const seen: { renditions: number[]; files: string[]; others: string[] }[] = [];
    const progress: number[] = [];
    const result = await transcodeToHls(
      ffmpeg as NonNullable<typeof ffmpeg>,
      source,
      out,
      (fraction) => progress.push(fraction),
      undefined,
      async (first) => {
        seen.push({
          renditions: first.renditions.map((r) => r.height),
          files: first.files,
          others: existsSync(join(out, '720p')) ? readdirSync(join(out, '720p')) : [],
        });
        expect(readFileSync(join(out, 'master.m3u8'), 'utf8')).not.toContain('720p');
      },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.renditions).toEqual([360]);
    expect(seen[0]?.others).toEqual([]);
    expect(seen[0]?.files.at(-1)).toBe('master.m3u8');
    expect(seen[0]?.files.every((name) => name === 'master.m3u8' || name.startsWith('360p/'))).toBe(true);
    expect(result.renditions.map((r) => r.height)).toEqual([360, 720]);
    expect(result.files.at(-1)).toBe('master.m3u8');
    expect(readFileSync(join(out, 'master.m3u8'), 'utf8').match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    // Progress only moves forward, and ends at the whole.
    expect(progress.every((value, i) => i === 0 || value >= (progress[i - 1] ?? 0))).toBe(true);
    expect(progress.at(-1)).toBe(1);
    // A 4 s clip: four one-second segments, keyframes at the same times in both renditions.
    for (const height of [360, 720]) {
      const playlist = readFileSync(join(out, `${height}p/index.m3u8`), 'utf8');
      expect(playlist.match(/#EXTINF:1\.0+,/g), playlist).toHaveLength(4);
    }
  });

  it('keeps the signature of an HLS path out of the logs', () => {
    const url = '/api/training/lessons/l1/hls/v1/user.123.secretsig/720p/seg_00000.m4s';
    expect(redactUrl(url)).toBe('/api/training/lessons/l1/hls/v1/[redacted]/720p/seg_00000.m4s');
  });
});

describe('HLS renditions with ffmpeg', () => {
  let t: TestContext;
  let a: ReturnType<typeof api>;
  let admin: TestUser;
  let buyer: TestUser;
  let stranger: TestUser;
  let lessonId: string;

  beforeAll(async () => {
    t = await createTestContext({ env: { MEDIA_URL_SECRET: SECRET, MEDIA_URL_TTL_SECONDS: '600' } });
    a = api(t);
    admin = await adminUser(t, { name: 'admin' });
    buyer = await verifiedUser(t, { name: 'buyer' });
    stranger = await verifiedUser(t, { name: 'stranger' });
    lessonId = await a.upload(admin, 'POST', '/api/admin/lessons', 301, clipA);
    await grant(t, buyer.id, lessonId);
  });
  afterAll(() => t.close());
  /** What hls.js and `<video>` send: the site's session cookie. */
  const asBuyer = () => ({ cookie: `token=${buyer.token}` });

  it('queues the upload, transcodes it in the background and plays a master playlist of two renditions', async () => {
    expect((await a.status(admin, lessonId)).state).toBe('queued');
    expect((await a.access(buyer, lessonId)).hls).toBeNull();

    await t.app.services.lessonHls.runNow();

    const status = await a.status(admin, lessonId);
    expect(status).toMatchObject({ enabled: true, state: 'done', progress: 100, error: null, renditions: [360, 720] });
    expect(status).toMatchObject({ startedAt: null, secondsLeft: null });

    const access = await a.access(buyer, lessonId);
    expect(access.video).toMatch(/\/video\?u=/);
    const master = access.hls as string;
    expect(master).toMatch(new RegExp(`^/api/training/lessons/${lessonId}/hls/[0-9a-f-]{36}/[^/]+/master\\.m3u8$`));

    const res = await a.get(master, asBuyer());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect(res.body).toContain('RESOLUTION=640x360');
    expect(res.body).toContain('RESOLUTION=1280x720');

    // Every child playlist and segment opens through the same signed path.
    for (const playlist of children(master, res.body)) {
      const media = await a.get(playlist, asBuyer());
      expect(media.statusCode, playlist).toBe(200);
      expect(media.body).toContain('#EXT-X-ENDLIST');
      const files = children(playlist, media.body);
      expect(files.some((file) => file.endsWith('/init.mp4'))).toBe(true);
      for (const file of files) {
        const segment = await a.get(file, asBuyer());
        expect(segment.statusCode, file).toBe(200);
        expect(segment.rawPayload.length).toBeGreaterThan(0);
      }
    }
  });

  it('refuses a segment without a valid signature and serves it with one (Range and 304 included)', async () => {
    const master = (await a.access(buyer, lessonId)).hls as string;
    const segment = master.replace('master.m3u8', '720p/seg_00000.m4s');
    const [, , , , , , version, token] = segment.split('/');
    const [u, e] = (token as string).split('.');

    const ok = await a.get(segment, asBuyer());
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('video/iso.segment');
    const size = Number(ok.headers['content-length']);
    expect(size).toBeGreaterThan(1000);

    const ranged = await a.get(segment, { range: 'bytes=0-99', ...asBuyer() });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(ranged.rawPayload).toHaveLength(100);
    expect((await a.get(segment, { 'if-none-match': String(ok.headers.etag), ...asBuyer() })).statusCode).toBe(304);

    const withToken = (value: string) => segment.replace(token as string, value);
    const refused = async (url: string) => {
      const res = await a.get(url, buyer.headers);
      expect(res.statusCode, url).toBe(403);
      expect(ErrorBodySchema.parse(res.json()).code).toBe('SIGNED_URL_INVALID');
    };
    await refused(withToken('nothing'));
    await refused(withToken(`${u}.${e}.${'A'.repeat(43)}`));
    // Moved to another user, or given a later expiry: the signature no longer matches.
    await refused(withToken(`${stranger.id}.${e}.${(token as string).split('.')[2]}`));
    await refused(withToken(`${u}.${Number(e) + 60}.${(token as string).split('.')[2]}`));
    // Signed for another lesson, or expired (the right key, but an hour ago).
    const signer = createMediaSigner({ secret: SECRET, ttlSeconds: 600 });
    await refused(withToken(signer.token(buyer.id, stranger.id, `hls:${version}`).token));
    await refused(withToken(signer.token(buyer.id, lessonId, `hls:${version}`, Date.now() - 3_600_000).token));
    // A signature for the video file does not open the renditions.
    const videoSig = new URLSearchParams(((await a.access(buyer, lessonId)).video as string).split('?')[1]);
    await refused(withToken(`${videoSig.get('u')}.${videoSig.get('e')}.${videoSig.get('s')}`));
    // A fresh valid token opens it; names outside the renditions are refused even with one (a
    // `..` is resolved before routing, so it lands on the token's place and is a 403).
    const fresh = signer.token(buyer.id, lessonId, `hls:${version}`).token;
    expect((await a.get(withToken(fresh), asBuyer())).statusCode).toBe(200);
    for (const name of ['720p/source.mp4', '../720p/seg_00000.m4s', '720p/..%2f..%2fmaster.m3u8', 'master.m3u8x']) {
      const res = await a.get(master.replace('master.m3u8', name), asBuyer());
      expect([400, 403, 404], name).toContain(res.statusCode);
    }
    // Another user cannot get a signature at all.
    expect((await a.get(`/api/training/lessons/${lessonId}/access`, stranger.headers)).statusCode).toBe(403);
  });

  it('the signed path is not a bearer link: a guest 401, another signed-in account 403, a refund ends it at the next playlist', async () => {
    const master = (await a.access(buyer, lessonId)).hls as string;
    const segment = master.replace('master.m3u8', '720p/seg_00000.m4s');
    for (const url of [master, master.replace('master.m3u8', '720p/index.m3u8'), segment]) {
      expect((await a.get(url)).statusCode, url).toBe(401);
      for (const headers of [
        { cookie: `token=${stranger.token}` },
        stranger.headers,
        { cookie: `token=${admin.token}` },
      ]) {
        const res = await a.get(url, headers);
        expect(res.statusCode, url).toBe(403);
        expect(ErrorBodySchema.parse(res.json()).code).toBe('SIGNED_URL_OTHER_ACCOUNT');
      }
    }

    // A second learner who bought it by an order: plays, then the order is cancelled (refunded).
    const learner = await verifiedUser(t, { name: 'learner' });
    const order = await placeOrder(
      t,
      learner,
      orderBody([{ type: 'lesson', id: lessonId, quantity: 1 }], { paymentMethod: 'bank_transfer' }),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/mark-paid`,
      headers: admin.headers,
      payload: { reference: 'TR-3' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const theirs = (await a.access(learner, lessonId)).hls as string;
    const cookie = { cookie: `token=${learner.token}` };
    expect((await a.get(theirs, cookie)).statusCode).toBe(200);
    expect((await a.get(theirs.replace('master.m3u8', '720p/seg_00000.m4s'), cookie)).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const playlist of [theirs, theirs.replace('master.m3u8', '360p/index.m3u8')]) {
      const res = await a.get(playlist, cookie);
      expect(res.statusCode, playlist).toBe(403);
      expect(res.body).not.toContain('#EXTM3U');
    }
    // The owner keeps playing.
    expect((await a.get(master, asBuyer())).statusCode).toBe(200);
    expect((await a.get(segment, asBuyer())).statusCode).toBe(200);
  });

  it('replaces the renditions atomically when a new video is uploaded', async () => {
    const before = (await a.access(buyer, lessonId)).hls as string;
    const oldVersion = before.split('/')[6] as string;
    const oldKeys = await privateKeys(t, `lessons/hls/${lessonId}/${oldVersion}.`);
    expect(oldKeys.length).toBeGreaterThanOrEqual(7);

    await a.upload(admin, 'PUT', `/api/admin/lessons/${lessonId}`, 301, clipB);
    // The new video plays as MP4 at once; the old renditions are no longer offered nor served.
    const between = await a.access(buyer, lessonId);
    expect(between.hls).toBeNull();
    expect(between.video).not.toBeNull();
    expect((await a.get(before, asBuyer())).statusCode).toBe(404);
    expect(await privateKeys(t, `lessons/hls/${lessonId}/${oldVersion}.`)).toEqual([]);
    expect((await a.status(admin, lessonId)).state).toBe('queued');

    await t.app.services.lessonHls.runNow();
    const after = (await a.access(buyer, lessonId)).hls as string;
    const newVersion = after.split('/')[6] as string;
    expect(newVersion).not.toBe(oldVersion);
    expect((await a.get(after, asBuyer())).statusCode).toBe(200);
    expect((await a.get(before, asBuyer())).statusCode).toBe(404);
    // Only the new version is stored.
    const stored = await privateKeys(t, `lessons/hls/${lessonId}/`);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((key) => key.startsWith(`lessons/hls/${lessonId}/${newVersion}.`))).toBe(true);
  });

  it('drops a job whose video was replaced before it finished, without touching the lesson', async () => {
    const [row] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    const current = row!.hls!;
    await t.database.db.insert(lessonTranscodes).values({ lessonId, sourceKey: 'lessons/videos/gone' });
    await t.app.services.lessonHls.runNow();
    const [after] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(after!.hls).toEqual(current);
    const jobs = await t.database.db.select().from(lessonTranscodes).where(eq(lessonTranscodes.lessonId, lessonId));
    expect(jobs.map((job) => job.sourceKey)).not.toContain('lessons/videos/gone');
  });

  it('takes up a job left running by a stopped instance once its lease ran out', async () => {
    const id = await a.upload(admin, 'POST', '/api/admin/lessons', 302, clipB);
    const [queued] = await t.database.db
      .update(lessonTranscodes)
      .set({ state: 'running', leaseUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(lessonTranscodes.lessonId, id))
      .returning();
    // What the first attempt wrote before its instance stopped.
    const leftover = `lessons/hls/${id}/${queued!.id}.1/360p/seg_00000.m4s`;
    await t.platform.storage.put('private', leftover, Buffer.from('partial'), 'video/iso.segment');
    await t.app.services.lessonHls.runNow();
    const status = await a.status(admin, id);
    expect(status.state).toBe('done');
    const [job] = await t.database.db.select().from(lessonTranscodes).where(eq(lessonTranscodes.lessonId, id));
    expect(job!.attempts).toBe(2);
    const stored = await privateKeys(t, `lessons/hls/${id}/`);
    expect(stored).not.toContain(leftover);
    expect(stored.every((key) => key.startsWith(`lessons/hls/${id}/${queued!.id}.2/`))).toBe(true);
  });

  it('leaves a job another instance holds alone while its lease lasts', async () => {
    const id = await a.upload(admin, 'POST', '/api/admin/lessons', 303, clipB);
    await t.database.db
      .update(lessonTranscodes)
      .set({ state: 'running', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(lessonTranscodes.lessonId, id));
    await t.app.services.lessonHls.runNow();
    expect((await a.status(admin, id)).state).toBe('running');
    expect((await a.access(buyer, id).catch(() => null))?.hls ?? null).toBeNull();
    // The admin cannot queue it twice.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/lessons/${id}/hls/retry`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(retry.json()).code).toBe('HLS_JOB_ACTIVE');
  });

  it('shows a failed transcode with its error, and transcodes again on retry', async () => {
    const id = await a.upload(admin, 'POST', '/api/admin/lessons', 304, fakeMp4(4000));
    await t.app.services.lessonHls.runNow();
    const failed = await a.status(admin, id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/ff(probe|mpeg)/);
    expect(failed.renditions).toEqual([]);
    expect(await privateKeys(t, `lessons/hls/${id}/`)).toEqual([]);

    const retryUrl = `/api/admin/lessons/${id}/hls/retry`;
    expect((await t.app.inject({ method: 'POST', url: retryUrl, headers: buyer.headers })).statusCode).toBe(403);
    const retry = await t.app.inject({ method: 'POST', url: retryUrl, headers: admin.headers });
    expect(retry.statusCode).toBe(200);
    expect(successEnvelope(LessonHlsStatusSchema).parse(retry.json()).data.state).toBe('queued');
  });

  it('shows a running job with its start and the time left at its pace', async () => {
    const id = await a.upload(admin, 'POST', '/api/admin/lessons', 308, clipB);
    const startedAt = new Date(Date.now() - 60_000);
    await t.database.db
      .update(lessonTranscodes)
      .set({ state: 'running', progress: 250, startedAt, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(lessonTranscodes.lessonId, id));
    const status = await a.status(admin, id);
    expect(status).toMatchObject({ state: 'running', progress: 25, startedAt: startedAt.toISOString() });
    // A quarter in a minute: about three minutes left.
    expect(status.secondsLeft).toBeGreaterThanOrEqual(179);
    expect(status.secondsLeft).toBeLessThanOrEqual(185);
    await t.database.db.delete(lessonTranscodes).where(eq(lessonTranscodes.lessonId, id));
  });

  it('shows the status to admins only', async () => {
    expect((await a.get(`/api/admin/lessons/${lessonId}/hls`, buyer.headers)).statusCode).toBe(403);
    expect((await a.get(`/api/admin/lessons/${lessonId}/hls`)).statusCode).toBe(401);
    expect((await a.get('/api/admin/lessons/00000000-0000-4000-8000-000000000000/hls', admin.headers)).statusCode).toBe(
      404,
    );
  });

  it('removes the renditions with the lesson', async () => {
    const id = await a.upload(admin, 'POST', '/api/admin/lessons', 305, clipB);
    await t.app.services.lessonHls.runNow();
    expect((await privateKeys(t, `lessons/hls/${id}/`)).length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/lessons/${id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(await privateKeys(t, `lessons/hls/${id}/`)).toEqual([]);
  });
});

describe('HLS=off', () => {
  let t: TestContext;
  let a: ReturnType<typeof api>;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await createTestContext({ env: { HLS: 'off' } });
    a = api(t);
    admin = await adminUser(t, { name: 'admin' });
    buyer = await verifiedUser(t, { name: 'buyer' });
  });
  afterAll(() => t.close());

  it('queues nothing and keeps the MP4 with HTTP Range exactly as before', async () => {
    const id = await a.upload(admin, 'POST', '/api/admin/lessons', 401, clipA);
    await grant(t, buyer.id, id);
    expect(await t.database.db.select().from(lessonTranscodes)).toEqual([]);
    await t.app.services.lessonHls.runNow();
    expect(await a.status(admin, id)).toEqual({
      enabled: false,
      state: 'none',
      progress: 0,
      startedAt: null,
      secondsLeft: null,
      error: null,
      renditions: [],
    });

    const access = await a.access(buyer, id);
    expect(access.hls).toBeNull();
    const video = await a.get(access.video as string, { range: 'bytes=0-9', cookie: `token=${buyer.token}` });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['content-range']).toBe(`bytes 0-9/${clipA.length}`);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/lessons/${id}/hls/retry`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(retry.json()).code).toBe('HLS_UNAVAILABLE');
  });
});
