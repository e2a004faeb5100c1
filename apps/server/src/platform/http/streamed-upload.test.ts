/**
 * A file field with a `stream` rule (the lesson video) goes to storage while it arrives, never whole
 * in memory first. Over real HTTP with a chunked body (no Content-Length): the client sends half of
 * an 8 MiB video and stops; the bytes must already be on disk before the rest is sent. Then the
 * upload completes and the stored file is whole. (`npm run bench -- upload` measures a 300 MB one.)
 */
import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminUser, type TestUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

const MiB = 1024 * 1024;
const VIDEO_BYTES = 8 * MiB;

let t: TestContext;
let admin: TestUser;
let origin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminUser(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The largest file under DATA_DIR's private storage (finished or still being written), in bytes. */
async function largestPrivateFile(): Promise<number> {
  const root = join(t.dataDir, 'files', 'private');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries.filter((e) => e.isFile()).map(async (e) => (await stat(join(e.parentPath, e.name))).size),
  );
  return Math.max(0, ...sizes);
}

it('a lesson video is written to storage as it arrives: half the bytes are on disk before the rest is sent', async () => {
  const boundary = 'atelier-streamed-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({
      number: 902,
      title: { ru: 'Урок по частям' },
      description: { ru: 'Видео приходит кусками' },
      level: 'basic',
      price: { rub: 1000, eur: null, usd: null },
    })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="stream.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const video = Buffer.alloc(VIDEO_BYTES, 7);
  video.writeUInt32BE(24, 0);
  video.write('ftypisom', 4, 'latin1');
  const half = VIDEO_BYTES / 2;

  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${origin}/api/admin/lessons`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => {
        text += part;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.write(head);
    req.write(video.subarray(0, half));
    // Nothing more until the first half is in storage: a server that buffered the body would wait
    // for the rest, and this poll would time out.
    vi.waitFor(
      async () => {
        expect(await largestPrivateFile()).toBeGreaterThanOrEqual(half - 64 * 1024);
      },
      { timeout: 10_000, interval: 25 },
    ).then(
      () => {
        req.write(video.subarray(half));
        req.end(`\r\n--${boundary}--\r\n`);
      },
      (error: unknown) => {
        req.destroy();
        reject(error);
      },
    );
  });

  const { status, text } = await answer;
  expect(status, text).toBe(201);
  const lesson = JSON.parse(text).data;
  expect(lesson.video).toEqual({ filename: 'stream.mp4', size: VIDEO_BYTES });
  const tail = await t.app.inject({
    method: 'GET',
    url: `/api/training/lessons/${lesson.id}/video`,
    headers: { ...admin.headers, range: 'bytes=-4' },
  });
  expect(tail.statusCode).toBe(206);
  expect(tail.headers['content-range']).toBe(`bytes ${VIDEO_BYTES - 4}-${VIDEO_BYTES - 1}/${VIDEO_BYTES}`);
  expect([...tail.rawPayload]).toEqual([7, 7, 7, 7]);
});
