/**
 * Graceful shutdown of the built server: on SIGTERM /api/ready answers 503 at once while requests
 * are still served for SHUTDOWN_DRAIN_SECONDS (a load balancer takes the instance out), then the
 * listener closes, and an upload that was half sent when the signal came is still received, stored
 * and answered 201 before the process exits 0. A restart on the same data serves the uploaded image.
 * Off a terminal the log is JSON lines with the request id.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { call, login } from '../src/api';
import { PNG_24 } from '../src/content-admin';
import { makeDataDir, removeDir, type ServerProcess, startServer } from '../src/server';
import { ACTION_TIMEOUT, budget, REQUEST_TIMEOUT } from '../src/timeouts';

const ADMIN = { email: 'owner@shutdown.test', password: 'shutdown-admin-password' };
const DRAIN_SECONDS = 2;

const running: ServerProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  for (const dir of dirs.splice(0)) removeDir(dir);
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServer({
    main: inject('serverMain'),
    dataDir,
    seedDemo: false,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    },
  });
  running.push(server);
  return server;
}

/** A product form with one PNG, as the admin's browser sends it. */
function productForm(boundary: string): Buffer {
  const data = JSON.stringify({
    name: { ru: 'Пион, загруженный при остановке' },
    description: { ru: 'Шёлковый пион' },
    price: { rub: 2100, eur: null, usd: null },
    category: 'collection',
    availability: 'in_stock',
    stock: 2,
  });
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="peony.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG_24,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

async function statusOf(url: string): Promise<number | 'refused'> {
  return fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT) }).then(
    (res) => res.status,
    () => 'refused' as const,
  );
}

describe('graceful shutdown', { timeout: budget(60_000) }, () => {
  it('SIGTERM: ready turns 503, requests are served while draining, a half-sent upload is stored, exit 0', async () => {
    const dataDir = makeDataDir('atelier-e2e-shutdown-');
    dirs.push(dataDir);
    const server = await start(dataDir);
    const token = await login(server.url, ADMIN);
    expect(await statusOf(`${server.url}/api/ready`)).toBe(200);

    // Not on a terminal, the log is one JSON object per line; access lines carry the request id.
    await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'probe-7f3a' } });
    const accessLine = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; status?: number })
        .find((line) => line.reqId === 'probe-7f3a' && line.msg === 'request');
    await expect.poll(accessLine).toMatchObject({ status: 200 });

    const boundary = 'atelier-shutdown-boundary';
    const body = productForm(boundary);
    const socket = await open(server.port);
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const half = Math.floor(body.length / 2);
    socket.write(
      `POST /api/shop HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.subarray(0, half));

    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: ACTION_TIMEOUT }).toContain('shutting down');

    // Draining: the readiness probe says no, everything else is still answered.
    expect(await statusOf(`${server.url}/api/ready`)).toBe(503);
    expect(await statusOf(`${server.url}/api/health`)).toBe(200);

    // After the drain window the listener is closed to new connections (or answers 503)…
    await expect
      .poll(() => statusOf(`${server.url}/api/health`), { timeout: (DRAIN_SECONDS + 10) * 1000, interval: 100 })
      .not.toBe(200);
    expect(['refused', 503]).toContain(await statusOf(`${server.url}/api/health`));
    // …but the upload that was in flight still runs to its end.
    expect(server.child.exitCode).toBeNull();
    socket.write(body.subarray(half));
    await closed;
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    expect(status, answer).toBe(201);
    const created = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
      data: { id: string; images: { url: string }[] };
    };
    expect(await server.exited).toBe(0);

    // The upload was stored for real: a restart on the same data serves the product and its image.
    const again = await start(dataDir);
    const product = await call<{ images: { url: string }[] }>(again.url, `/shop/${created.data.id}`);
    expect(product.data.images).toHaveLength(1);
    const image = await fetch(`${again.url}${product.data.images[0]!.url}`);
    expect(image.status).toBe(200);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
