/**
 * A lesson video of hundreds of MB goes to storage as it arrives (readForm `stream` rule), never
 * whole in memory: a 300 MB upload over real HTTP, its bytes generated on the fly, must not grow
 * the server's memory. Measured as the RSS peak during the upload over the RSS before it, because
 * the embedded database alone holds ~300 MB in this process (DESIGN §2) — on PostgreSQL the whole
 * process must also stay under 300 MB.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { person } from '../../test/lessons';

const MB = 1024 * 1024;
const VIDEO_BYTES = 300 * MB;

let t: TestContext;
let admin: Awaited<ReturnType<typeof person>>;
let origin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await person(t, 'admin', 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A multipart body whose 300 MB video part is produced chunk by chunk as the socket drains. */
function multipartStream(boundary: string): { body: Readable; length: number } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({
      number: 901,
      title: { ru: 'Большой урок' },
      description: { ru: 'Триста мегабайт' },
      level: 'advanced',
      price: { rub: 5000, eur: null, usd: null },
    })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 7);
  const first = Buffer.from(chunk);
  first.writeUInt32BE(24, 0);
  first.write('ftypisom', 4, 'latin1');
  let sent = 0;
  let stage = 0;
  const body = new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        this.push(head);
      } else if (sent < VIDEO_BYTES) {
        this.push(sent === 0 ? first : chunk);
        sent += MB;
      } else if (stage === 1) {
        stage = 2;
        this.push(tail);
      } else {
        this.push(null);
      }
    },
  });
  return { body, length: head.length + VIDEO_BYTES + tail.length };
}

it('a 300 MB video upload is streamed to storage: server memory stays flat (RSS growth < 64 MB)', async () => {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const boundary = 'atelier-big-upload';
  const { body, length } = multipartStream(boundary);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${origin}/api/admin/lessons`,
      {
        method: 'POST',
        headers: {
          ...admin.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    body.pipe(req);
  });
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  expect(answer.status, answer.text).toBe(201);
  const lesson = JSON.parse(answer.text).data;
  expect(lesson.video).toEqual({ filename: 'big.mp4', size: VIDEO_BYTES });
  const growth = (peak - before) / MB;
  console.info(`300 MB upload: RSS before ${Math.round(before / MB)} MB, peak ${Math.round(peak / MB)} MB`);
  expect(growth).toBeLessThan(64);
  if (t.database.kind === 'postgres') expect(peak / MB).toBeLessThan(300);
  // The stored file is whole: its last bytes come back through the protected endpoint.
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/training/lessons/${lesson.id}/video`,
    headers: { ...admin.headers, range: 'bytes=-4' },
  });
  expect(res.statusCode).toBe(206);
  expect(res.headers['content-range']).toBe(`bytes ${VIDEO_BYTES - 4}-${VIDEO_BYTES - 1}/${VIDEO_BYTES}`);
  expect([...res.rawPayload]).toEqual([7, 7, 7, 7]);
}, 180_000);
