import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLocalStorage } from '../storage/local-storage';
import { registerErrorHandling } from './error-handler';
import { readForm } from './multipart';

const Fields = z
  .object({ title: z.string().min(2), rating: z.coerce.number().int().min(1).max(5).default(5) })
  .strict();

let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'atelier-multipart-'));
  const storage = createLocalStorage({ root });
  app = Fastify();
  registerErrorHandling(app);
  const { registerMultipart } = await import('./multipart');
  await registerMultipart(app, 64 * 1024);
  app.post('/form', { config: { multipart: true } }, async (request) => {
    const form = await readForm(request, Fields, {
      images: { maxBytes: 1000, maxCount: 2 },
      video: {
        maxBytes: 20_000,
        stream: { storage, visibility: 'private', key: () => `videos/${Math.random().toString(36).slice(2)}.mp4` },
      },
    });
    if (form.fields.title === 'refuse') {
      for (const list of Object.values(form.streamed)) for (const file of list) await file.discard();
    }
    return {
      fields: form.fields,
      multipart: form.multipart,
      images: (form.files.images ?? []).map((file) => ({ name: file.filename, size: file.data.length })),
      video: (form.streamed.video ?? []).map((file) => file.stored.size),
    };
  });
  app.get('/ping', async () => ({ pong: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

function form(parts: Record<string, string | Blob | Array<Blob>>, names: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') data.append(key, item);
      else data.append(key, item, names[key] ?? 'file.bin');
    }
  }
  return data;
}

const post = (payload: FormData | object) => app.inject({ method: 'POST', url: '/form', payload: payload as never });
const videoFiles = async () => readdir(path.join(root, 'private', 'videos')).catch(() => []);

describe('readForm reads JSON or multipart forms under per-field file rules', () => {
  it('accepts plain JSON with the same schema', async () => {
    const res = await post({ title: 'Roses' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fields: { title: 'Roses', rating: 5 }, multipart: false, images: [] });
  });

  it('takes fields from the `data` JSON part and buffers allowed images', async () => {
    const res = await post(
      form({
        data: JSON.stringify({ title: 'Peony', rating: 3 }),
        images: [new Blob(['a'.repeat(10)]), new Blob(['b'])],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fields: { title: 'Peony', rating: 3 },
      multipart: true,
      images: [{ size: 10 }, { size: 1 }],
    });
  });

  it('takes plain text fields when there is no data part (reviews)', async () => {
    const res = await post(form({ title: 'Tulip', rating: '4' }));
    expect(res.json()).toMatchObject({ fields: { title: 'Tulip', rating: 4 } });
  });

  it.each([
    ['invalid fields', form({ data: JSON.stringify({ title: 'x' }) }), 400, 'VALIDATION_ERROR'],
    ['malformed data JSON', form({ data: '{oops' }), 400, 'VALIDATION_ERROR'],
    ['unknown file field', form({ title: 'Rose', other: new Blob(['x']) }), 400, 'VALIDATION_ERROR'],
    [
      'too many files',
      form({ title: 'Rose', images: [new Blob(['1']), new Blob(['2']), new Blob(['3'])] }),
      400,
      'VALIDATION_ERROR',
    ],
    ['empty file', form({ title: 'Rose', images: new Blob([]) }), 400, 'VALIDATION_ERROR'],
    ['file over its rule', form({ title: 'Rose', images: new Blob(['x'.repeat(1001)]) }), 413, 'PAYLOAD_TOO_LARGE'],
    [
      'file over the app ceiling',
      form({ title: 'Rose', video: new Blob(['x'.repeat(70 * 1024)]) }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('refuses %s with a 4xx envelope', async (_name, payload, status, code) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
  });

  it('streams a large file into storage and counts its bytes', async () => {
    const before = (await videoFiles()).length;
    const res = await post(form({ title: 'Lesson', video: new Blob(['v'.repeat(15_000)]) }));
    expect(res.json()).toMatchObject({ video: [15_000] });
    expect((await videoFiles()).length).toBe(before + 1);
  });

  it('deletes a streamed file when it exceeds its rule or the form is refused afterwards', async () => {
    const before = await videoFiles();
    const big = await post(form({ title: 'Lesson', video: new Blob(['v'.repeat(25_000)]) }));
    expect(big.statusCode).toBe(413);
    const invalid = await post(form({ video: new Blob(['v'.repeat(100)]), title: 'x' }));
    expect(invalid.statusCode).toBe(400);
    const refused = await post(form({ title: 'refuse', video: new Blob(['v'.repeat(100)]) }));
    expect(refused.statusCode).toBe(200);
    expect((await videoFiles()).sort()).toEqual(before.sort());
  });
});

let listening: Promise<number> | undefined;
/** The test app on a loopback port, for requests over a raw socket. */
function port(): Promise<number> {
  listening ??= app.listen({ host: '127.0.0.1', port: 0 }).then((address) => Number(new URL(address).port));
  return listening;
}

const PING = 'GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3} /g) ?? [];

/**
 * Sends `first` (a whole request) and then a GET /ping on one kept-alive socket. Resolves with all
 * the socket received once the server has closed it or has answered both.
 */
async function twoRequestsOnOneSocket(first: Buffer): Promise<string> {
  const socket = connect(await port(), '127.0.0.1');
  let received = '';
  socket.on('error', () => undefined);
  const settled = new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (statusLines(received).length === 2 && received.includes('"pong":true')) resolve();
    });
  });
  socket.write(first);
  socket.write(PING);
  await settled;
  socket.destroy();
  return received;
}

async function multipartRequest(parts: Record<string, string | Blob | Blob[]>): Promise<Buffer> {
  const request = new Request('http://127.0.0.1/form', { method: 'POST', body: form(parts) });
  const body = Buffer.from(await request.arrayBuffer());
  const head =
    'POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n' +
    `Content-Type: ${request.headers.get('content-type')}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

describe('a form refused before its body is read closes the connection (no wedged keep-alive socket)', () => {
  const big = () => new Blob(['x'.repeat(6 * 1024 * 1024)]);
  it.each([
    ['a file over its limit', () => ({ title: 'Big', images: big() }), 413],
    ['a malformed data part', () => ({ data: '{not json', images: big() }), 400],
    ['an unexpected file', () => ({ title: 'Odd', other: big() }), 400],
    ['one file too many', () => ({ title: 'Many', video: [new Blob(['v']), big()] }), 400],
  ] as const)(
    '%s: the next request on the socket is answered, or the answer closes the socket',
    async (_name, parts, status) => {
      const answer = await twoRequestsOnOneSocket(await multipartRequest(parts()));
      expect(answer.startsWith(`HTTP/1.1 ${status} `), answer.slice(0, 300)).toBe(true);
      // Either the rest of the body was read and the socket serves the next request, or the answer
      // said so and the server closed it: never a socket left waiting behind unread bytes.
      const answered = statusLines(answer).length === 2;
      expect(answered ? answer : answer.toLowerCase()).toContain(
        answered ? '"pong":true' : '\r\nconnection: close\r\n',
      );
    },
  );

  it('a form read to the end keeps the connection: the next request on the socket is answered', async () => {
    const socket = connect(await port(), '127.0.0.1');
    let received = '';
    const both = new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (statusLines(received).length === 2 && received.includes('"pong":true')) resolve();
      });
    });
    socket.write(await multipartRequest({ title: 'Kept', images: new Blob(['i'.repeat(500)]) }));
    socket.write(PING);
    await both;
    socket.destroy();
    expect(received.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(received.toLowerCase()).not.toContain('connection: close');
  });
});
