/**
 * Outgrowing one machine: two built server processes on ONE PostgreSQL database and ONE
 * S3-compatible bucket (s3rver on loopback), with the same MEDIA_URL_SECRET and
 * PAYMENT_SANDBOX_SECRET, behave as one shop: both start at once on the empty database, a product
 * written through one is listed by the other within a second (cache invalidation over
 * LISTEN/NOTIFY), the last item is sold once across both, an image uploaded through one is served
 * by the other, and a SIGKILL of one under order load leaves the other answering and every order
 * answered 201 in the database.
 *
 * PostgreSQL: TEST_DATABASE_URL (a server where this test may create and drop a database), by
 * default the local postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../apps/server/src/test/s3';
import { apiData, login, orderBody, placeOrder, verifiedUser } from '../src/api';
import { PNG_24 } from '../src/content-admin';
import { makeDataDir, removeDir, type ServerProcess, spawnServer, waitReady } from '../src/server';
import { budget, REQUEST_TIMEOUT } from '../src/timeouts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `atelier_e2e_two_${randomBytes(5).toString('hex')}`;
const ADMIN = { email: 'owner@two.test', password: 'two-instances-admin-1' };
const BUYERS = 40;
/** Buyers placing orders in the kill scenario, half on each instance. */
const LOAD_BUYERS = 8;
/** SIGKILL A once this many orders have been answered 201 in total. */
const KILL_AFTER = 30;
/** B must answer this many more orders after the kill before the load stops. */
const AFTER_KILL_ON_B = 20;

const running: ServerProcess[] = [];
const dirs: string[] = [];
let admin: pg.Client | undefined;
let db: pg.Client | undefined;
let s3: TestS3 | undefined;
let a: ServerProcess;
let b: ServerProcess;
let adminToken: string;
let buyers: { email: string; token: string }[] = [];

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

function productBody(name: string, stock: number) {
  return {
    name: { ru: name },
    description: { ru: 'Шёлковый пион' },
    price: { rub: 1500, eur: null, usd: null },
    category: 'collection',
    availability: 'in_stock',
    stock,
  };
}

async function createProduct(base: string, name: string, stock: number): Promise<string> {
  return (await apiData<{ id: string }>(base, '/shop', { token: adminToken, body: productBody(name, stock) })).id;
}

async function listedIds(base: string): Promise<string[]> {
  return (await apiData<{ id: string }[]>(base, '/shop?limit=100')).map((p) => p.id);
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  s3 = await startTestS3('atelier-two');
  const env = {
    DATABASE_URL: databaseUrl(),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'),
    // Every buyer places many unpaid orders in the kill scenario; 40 registrations come from one address.
    MAX_OPEN_UNPAID_ORDERS: '100000',
    RATE_LIMIT_AUTH_PER_IP: '100000',
    SIGNUPS_PER_IP_PER_DAY: '100000',
    UNPAID_HOLD_UNITS_PER_PRODUCT: '100000',
    UNPAID_HOLD_MAX_RUB: '100000000',
    ...s3.env,
  };
  [a, b] = (await Promise.all(
    ['a', 'b'].map(async (name) => {
      const dataDir = makeDataDir(`atelier-e2e-two-${name}-`);
      dirs.push(dataDir);
      const server = await spawnServer({ main: inject('serverMain'), dataDir, seedDemo: false, logLevel: 'warn', env });
      running.push(server);
      return server;
    }),
  )) as [ServerProcess, ServerProcess];
  await Promise.all([a, b].map((server) => waitReady(server)));
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  adminToken = await login(a.url, ADMIN);
  const bases = [a.url, b.url];
  // A few registrations at a time: password hashing of 40 at once starves a 2-core machine.
  buyers = [];
  for (let i = 0; i < BUYERS; i += 4) {
    const batch = Array.from({ length: Math.min(4, BUYERS - i) }, (_, j) => i + j);
    buyers.push(
      ...(await Promise.all(batch.map((n) => verifiedUser(bases[n % 2]!, `two-buyer-${n}@e2e.test`, bases)))),
    );
  }
}, budget(60_000));

afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGTERM', 15_000)));
  for (const dir of dirs.splice(0)) removeDir(dir);
  await db?.end();
  await s3?.close();
  if (admin) {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
});

describe('two instances on one PostgreSQL database and one S3 bucket', { timeout: budget(40_000) }, () => {
  it('both started at once on the empty database answer /api/ready', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/api/ready`);
      expect(res.status, server.output()).toBe(200);
      expect(((await res.json()) as { data: { ready: boolean } }).data.ready).toBe(true);
    }
  });

  it('a product created through A is listed by B within a second', async () => {
    const before = await listedIds(b.url); // warms B's catalogue cache
    const id = await createProduct(a.url, 'Пион через A', 5);
    expect(before).not.toContain(id);
    const started = performance.now();
    let seen = false;
    while (!seen && performance.now() - started < 1_000) {
      seen = (await listedIds(b.url)).includes(id);
    }
    const ms = Math.round(performance.now() - started);
    console.log(`[two-instances] product created on A listed by B after ${ms} ms`);
    expect(seen, 'B still serves its cached list after 1 s').toBe(true);
  });

  it('40 buyers over both instances for the last item: one 201, 39 × 409, stock 0', async () => {
    const id = await createProduct(a.url, 'Последний пион', 1);
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        placeOrder([a, b][i % 2]!.url, buyer.token, orderBody([{ type: 'product', id, quantity: 1 }], buyer.email)),
      ),
    );
    const statuses = results.map((r) => r.status);
    console.log(
      `[two-instances] last item: ${statuses.filter((s) => s === 201).length} × 201, ` +
        `${statuses.filter((s) => s === 409).length} × 409 (A: ${statuses.filter((s, i) => i % 2 === 0 && s === 201).length} × 201)`,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.code}`)).toEqual(
      Array(BUYERS - 1).fill('409 OUT_OF_STOCK'),
    );
    const stock = await db!.query<{ stock: number }>('select stock from products where id = $1', [id]);
    expect(Number(stock.rows[0]!.stock)).toBe(0);
  });

  it('an image uploaded through A is served by B under /uploads, same bytes', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify(productBody('Пион с фото', 3)));
    form.append('images', new Blob([PNG_24], { type: 'image/png' }), 'peony.png');
    const res = await fetch(`${a.url}/api/shop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    const json = (await res.json()) as { data: { images: { url: string; large: string }[] } };
    expect(res.status, JSON.stringify(json)).toBe(201);
    const image = json.data.images[0]!;
    for (const url of [image.url, image.large]) {
      expect(url).toMatch(/^\/uploads\//);
      const fromA = await fetch(`${a.url}${url}`);
      const fromB = await fetch(`${b.url}${url}`);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      const bytesA = Buffer.from(await fromA.arrayBuffer());
      const bytesB = Buffer.from(await fromB.arrayBuffer());
      expect(bytesB.length).toBeGreaterThan(0);
      expect(bytesB.equals(bytesA)).toBe(true);
      // The object lives in the shared bucket, not in A's data directory.
      expect(s3!.events.map((e) => e.key)).toContain(decodeURIComponent(url.replace(/^\/uploads\//, 'public/')));
    }
  });

  it('SIGKILL of A under order load: B answers every request, every 201 order is in the database', async () => {
    const id = await createProduct(a.url, 'Пион для нагрузки', 100_000);
    const answered: { id: string; on: 'A' | 'B' }[] = [];
    const failuresOnB: string[] = [];
    const unexpectedOnA: string[] = [];
    let cutOnA = 0;
    let killed = false;
    let bAfterKill = 0;
    let reachKill: () => void = () => {};
    const killPoint = new Promise<void>((resolve) => {
      reachKill = resolve;
    });
    let doneAfterKill: () => void = () => {};
    const enoughAfterKill = new Promise<void>((resolve) => {
      doneAfterKill = resolve;
    });
    let stop = false;

    const buyer = async (index: number) => {
      const on = index % 2 === 0 ? 'A' : 'B';
      const server = on === 'A' ? a : b;
      const { email, token } = buyers[index]!;
      while (!stop) {
        let result: Awaited<ReturnType<typeof placeOrder>>;
        try {
          result = await placeOrder(server.url, token, orderBody([{ type: 'product', id, quantity: 1 }], email));
        } catch (error) {
          if (on === 'B') failuresOnB.push(`buyer ${index}: ${String(error)}`);
          else if (killed) cutOnA++;
          else unexpectedOnA.push(`buyer ${index}: ${String(error)} before the kill`);
          return;
        }
        if (result.status === 201 && result.id) {
          answered.push({ id: result.id, on });
          if (answered.length === KILL_AFTER) reachKill();
          if (on === 'B' && killed && ++bAfterKill === AFTER_KILL_ON_B) doneAfterKill();
        } else {
          (on === 'B' ? failuresOnB : unexpectedOnA).push(`buyer ${index}: ${result.status} ${result.raw}`);
          return;
        }
      }
    };
    // Reads on B alongside the orders: they must keep succeeding through the kill too.
    let readsOnB = 0;
    const reader = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${b.url}/api/shop?limit=5`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
          if (res.status !== 200) failuresOnB.push(`read: ${res.status}`);
          await res.arrayBuffer();
          readsOnB++;
        } catch (error) {
          failuresOnB.push(`read: ${String(error)}`);
          return;
        }
      }
    };

    const load = [...Array.from({ length: LOAD_BUYERS }, (_, i) => buyer(i)), reader()];
    const allDone = Promise.all(load);
    await Promise.race([killPoint, allDone]);
    killed = true;
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe('SIGKILL');
    running.splice(running.indexOf(a), 1);
    await Promise.race([enoughAfterKill, allDone]);
    stop = true;
    await allDone;

    expect(unexpectedOnA, a.output().slice(-3000)).toEqual([]);
    expect(failuresOnB, b.output().slice(-3000)).toEqual([]);
    expect(bAfterKill).toBeGreaterThanOrEqual(AFTER_KILL_ON_B);
    // B is still ready after the kill.
    expect((await fetch(`${b.url}/api/ready`)).status).toBe(200);

    const rows = await db!.query<{ id: string }>(
      'select distinct o.id from orders o join order_items i on i.order_id = o.id where i.product_id = $1',
      [id],
    );
    const found = new Set(rows.rows.map((r) => r.id));
    const missing = answered.filter((o) => !found.has(o.id)).map((o) => `${o.on} ${o.id}`);
    const onA = answered.filter((o) => o.on === 'A').length;
    console.log(
      `[two-instances] SIGKILL of A: ${answered.length} orders answered 201 (A ${onA}, B ${answered.length - onA}, ` +
        `B after the kill ${bAfterKill}), ${found.size} in the database ` +
        `(${found.size - answered.length} committed without a 201 reaching the client), ` +
        `${cutOnA} requests to A cut by the kill, ${readsOnB} reads on B, ${failuresOnB.length} failures on B`,
    );
    expect(onA).toBeGreaterThan(0);
    expect(missing, 'orders answered 201 but missing from the database').toEqual([]);
  });
});
