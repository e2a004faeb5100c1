/**
 * Process lifecycle of the embedded-database mode, each journey with its own server
 * processes on its own temp DATA_DIR: restarts keep data and do not seed twice, a second process is
 * refused while the first holds DATA_DIR, kill -9 loses nothing, SIGTERM drains in-flight requests.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { copyDataDir, makeDataDir, removeDir, type ServerProcess, spawnServer, startServer } from '../src/server';
import { ACTION_TIMEOUT, budget, SERVER_START_TIMEOUT } from '../src/timeouts';

const ADMIN_PRINTED = 'Admin account created';
const SEEDED = 'demo content seeded';

const running: ServerProcess[] = [];
const dirs: string[] = [];

function dataDir(): string {
  const dir = makeDataDir('atelier-e2e-life-');
  dirs.push(dir);
  return dir;
}

async function start(dir: string, seedDemo = true): Promise<ServerProcess> {
  const server = await startServer({ main: inject('serverMain'), dataDir: dir, seedDemo, logLevel: 'info' });
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  for (const dir of dirs.splice(0)) removeDir(dir);
});

interface Counts {
  products: number;
  portfolio: number;
  reviews: number;
}

async function counts(server: ServerProcess): Promise<Counts> {
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, `GET ${path}`).toBe(200);
    return (await res.json()) as { data: unknown[]; meta?: { total: number } };
  };
  const shop = await get('/api/shop?limit=1');
  expect(shop.meta?.total, 'GET /api/shop meta.total').toBeTypeOf('number');
  return {
    products: shop.meta?.total ?? -1,
    portfolio: (await get('/api/portfolio')).data.length,
    reviews: (await get('/api/reviews')).data.length,
  };
}

// Each journey starts two servers on fresh data dirs, one of them seeding the demo content (sharp
// renders the artwork): on a busy 2-core CI machine that is well over the default 60 s.
describe('lifecycle', { timeout: budget(80_000) }, () => {
  it('a second start on the same DATA_DIR keeps all data and neither seeds nor creates the admin again', async () => {
    const dir = dataDir();
    const first = await start(dir);
    expect(first.output()).toContain(ADMIN_PRINTED);
    expect(first.output()).toContain(SEEDED);
    const before = await counts(first);
    expect(before.products).toBeGreaterThan(0);
    expect(before.portfolio).toBeGreaterThan(0);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await start(dir);
    expect(second.output()).not.toContain(ADMIN_PRINTED);
    expect(second.output()).not.toContain(SEEDED);
    expect(await counts(second)).toEqual(before);
  });

  it('a second process on a DATA_DIR in use exits non-zero with a message naming the DATA_DIR', async () => {
    const dir = dataDir();
    const first = await start(dir, false);
    const intruder = await spawnServer({ main: inject('serverMain'), dataDir: dir, seedDemo: false, logLevel: 'info' });
    running.push(intruder);
    const code = await Promise.race([
      intruder.exited,
      new Promise<string>((r) => setTimeout(() => r('still running after the start timeout'), SERVER_START_TIMEOUT)),
    ]);
    expect(typeof code, String(code)).toBe('number');
    expect(code).not.toBe(0);
    expect(intruder.output()).toMatch(/DATA_DIR/);
    expect(intruder.output()).toMatch(/in use/i);
    expect(intruder.output()).toContain(dir);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it('after SIGKILL a restart opens the database cleanly with the same data', async () => {
    // The demo content comes from the run's seeded DATA_DIR: what is kept matters here, not the seeding.
    const dir = copyDataDir(inject('seededDataDir'), 'atelier-e2e-life-');
    dirs.push(dir);
    const first = await start(dir);
    const before = await counts(first);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');

    const second = await start(dir);
    expect(second.output()).not.toContain(SEEDED);
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as {
      data: { database: { reachable: boolean } };
    };
    expect(health.data.database.reachable).toBe(true);
    expect(await counts(second)).toEqual(before);
  });

  it('SIGTERM lets an in-flight request finish, refuses new connections, and exits 0', async () => {
    const dir = dataDir();
    const server = await start(dir, false);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // The headers first, asking for `100 Continue`: the server answers it once it has read them, so
    // the request is in flight (its handler waits for the body) when half the body and the signal
    // arrive.
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await vi.waitFor(() => expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/), {
      timeout: ACTION_TIMEOUT,
      interval: 20,
    });
    socket.write(body.slice(0, 10));
    server.child.kill('SIGTERM');
    await vi.waitFor(() => expect(server.output()).toContain('shutting down'), {
      timeout: ACTION_TIMEOUT,
      interval: 50,
    });
    expect(server.child.exitCode).toBeNull();
    // No new connections while draining.
    const late = await fetch(`${server.url}/api/health`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    // write, not end: a half-closed socket makes Node abort the request (httpAllowHalfOpen is off),
    // which is not what a client waiting for its answer does. `Connection: close` ends it after.
    socket.write(body.slice(10));
    await closed;
    const status = Number(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    expect(status, answer).toBeGreaterThanOrEqual(200);
    expect(status, answer).not.toBe(503);
    expect(status, answer).toBeLessThan(500);
    expect(await server.exited).toBe(0);
  });
});
