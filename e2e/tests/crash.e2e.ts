/**
 * Crash safety of checkout: the built server under concurrent checkouts is killed with SIGKILL,
 * restarted on the same data, and the database must hold every order that was answered 201 (with
 * its items), and each product's stock must equal its initial stock minus the quantities of all
 * orders in the database, including orders committed whose 201 never reached the client.
 *
 * Runs on the embedded database (PGlite in DATA_DIR) and, when TEST_DATABASE_URL is set, on
 * PostgreSQL in a database of its own, created and dropped here.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { newPglite } from '../../apps/server/src/db/client';
import { apiData, call, login, orderBody, placeOrder, verifiedUser } from '../src/api';
import { makeDataDir, removeDir, type ServerProcess, startServer } from '../src/server';
import { budget } from '../src/timeouts';

const CLIENTS = 6;
const PRODUCTS = 3;
const STOCK = 400;
/** SIGKILL once this many orders have been answered 201; the other clients are mid-request. */
const KILL_AFTER = 40;
const ADMIN = { email: 'crash-admin@e2e.test', password: 'crash-admin-password-1' };

interface Query {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

interface Target {
  name: string;
  /** Server environment for the database, and how to read that database once the server is down. */
  prepare(dataDir: string): Promise<{ env: Record<string, string>; open(): Promise<Query>; drop(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'embedded database (PGlite in DATA_DIR)',
    async prepare(dataDir) {
      return {
        env: {},
        async open() {
          const db = newPglite(join(dataDir, 'db'));
          return {
            rows: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
            close: () => db.close(),
          };
        },
        drop: async () => {},
      };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  targets.push({
    name: 'PostgreSQL (its own database)',
    async prepare() {
      const name = `atelier_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATABASE_URL: url.toString() },
        async open() {
          const client = new pg.Client({ connectionString: url.toString() });
          await client.connect();
          return {
            rows: async <T>(text: string, params?: unknown[]) =>
              (await client.query(text, params as unknown[])).rows as T[],
            close: () => client.end(),
          };
        },
        async drop() {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    },
  });
}

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Line = { type: 'product'; id: string; quantity: number };
interface Answered {
  id: string;
  lines: Line[];
}

/** A small deterministic generator per client, so a run can be reasoned about from its log. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

describe('crash safety of checkout', { timeout: budget(100_000) }, () => {
  it.each(targets.map((target) => [target.name, target] as const))(
    'SIGKILL under concurrent checkouts (%s): every 201 order kept with its items, stock adds up',
    async (_name, target) => {
      const dataDir = makeDataDir('atelier-e2e-crash-');
      cleanups.push(async () => removeDir(dataDir));
      const db = await target.prepare(dataDir);
      cleanups.push(db.drop);
      const options = {
        main: inject('serverMain'),
        dataDir,
        seedDemo: false,
        logLevel: 'warn',
        // Each buyer places far more unpaid orders than the per-customer limit allows in the shop.
        env: {
          ...db.env,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          MAX_OPEN_UNPAID_ORDERS: '100000',
          SIGNUPS_PER_IP_PER_DAY: '100000',
          UNPAID_HOLD_UNITS_PER_PRODUCT: '100000',
          UNPAID_HOLD_MAX_RUB: '100000000',
        },
      };
      const first = await startServer(options);
      running.push(first);
      const base = first.url;

      const admin = await login(base, ADMIN);
      const productIds: string[] = [];
      for (let i = 0; i < PRODUCTS; i++) {
        const product = await apiData<{ id: string }>(base, '/shop', {
          token: admin,
          body: {
            name: { ru: `Пион ${i + 1}` },
            description: { ru: 'Шёлковый пион' },
            price: { rub: 1000 + i, eur: null, usd: null },
            category: 'collection',
            availability: 'in_stock',
            stock: STOCK,
          },
        });
        productIds.push(product.id);
      }
      const tokens = await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) =>
          verifiedUser(base, `crash-buyer-${i}@e2e.test`).then((user) => user.token),
        ),
      );

      const answered: Answered[] = [];
      let conflicts = 0;
      let failedAfterKill = 0;
      const unexpected: string[] = [];
      let killed = false;
      let reachKill: () => void = () => {};
      const killPoint = new Promise<void>((resolve) => {
        reachKill = resolve;
      });

      const client = async (index: number) => {
        const next = rng(index + 1);
        while (!killed) {
          const chosen = new Set<string>();
          const count = 1 + next(PRODUCTS);
          while (chosen.size < count) chosen.add(productIds[next(PRODUCTS)]!);
          const lines: Line[] = [...chosen].map((id) => ({ type: 'product', id, quantity: 1 + next(3) }));
          let placed: Awaited<ReturnType<typeof placeOrder>>;
          try {
            placed = await placeOrder(base, tokens[index]!, orderBody(lines, `crash-buyer-${index}@e2e.test`));
          } catch {
            // The connection died with the server: this order may or may not be committed.
            if (killed) failedAfterKill++;
            else unexpected.push(`client ${index}: request failed before the kill`);
            return;
          }
          if (placed.status === 201 && placed.id) {
            answered.push({ id: placed.id, lines });
            if (answered.length === KILL_AFTER) reachKill();
          } else if (placed.status === 409 && placed.code === 'OUT_OF_STOCK') conflicts++;
          else {
            unexpected.push(`client ${index}: ${placed.status} ${placed.raw}`);
            return;
          }
        }
      };

      const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
      await Promise.race([killPoint, Promise.all(clients)]);
      killed = true;
      first.child.kill('SIGKILL');
      await Promise.all(clients);
      expect(await first.exited).toBe('SIGKILL');
      running.splice(running.indexOf(first), 1);
      expect(unexpected, first.output().slice(-3000)).toEqual([]);
      expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

      // Restart on the same data; the restarted server answers for the orders too.
      const second = await startServer(options);
      running.push(second);
      const admin2 = await login(second.url, ADMIN);
      const listed = await call<unknown[]>(second.url, '/orders?limit=1', { token: admin2 });
      expect(await second.stop('SIGTERM')).toBe(0);
      running.splice(running.indexOf(second), 1);

      const q = await db.open();
      try {
        const orders = await q.rows<{ id: string; status: string }>('select id, status from orders');
        const items = await q.rows<{ order_id: string; product_id: string; quantity: number; reserved: number }>(
          'select order_id, product_id, quantity, reserved_quantity as reserved from order_items',
        );
        const products = await q.rows<{ id: string; stock: number }>('select id, stock from products');
        expect(listed.meta?.total).toBe(orders.length);

        const byOrder = new Map<string, string[]>();
        for (const item of items) {
          byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), `${item.product_id}×${item.quantity}`]);
        }
        const missing = answered.filter((a) => !byOrder.has(a.id)).map((a) => a.id);
        expect(missing, 'orders answered 201 but missing after the restart').toEqual([]);
        for (const a of answered) {
          expect(byOrder.get(a.id)?.sort(), `items of order ${a.id}`).toEqual(
            a.lines.map((l) => `${l.id}×${l.quantity}`).sort(),
          );
        }
        expect(orders.filter((o) => o.status === 'cancelled')).toEqual([]);
        // An order row without its items would be a torn checkout.
        expect(orders.filter((o) => !byOrder.has(o.id)).map((o) => o.id)).toEqual([]);

        const report: string[] = [];
        for (const id of productIds) {
          const reserved = items.filter((i) => i.product_id === id).reduce((sum, i) => sum + Number(i.reserved), 0);
          const stock = Number(products.find((p) => p.id === id)?.stock);
          report.push(
            `product ${id.slice(0, 8)}: ${STOCK} − ${reserved} reserved = ${STOCK - reserved}, stock ${stock}`,
          );
          expect(stock, `stock of ${id}`).toBe(STOCK - reserved);
        }
        console.log(
          `[crash] ${target.name}: ${answered.length} orders answered 201, ${orders.length} orders in the database ` +
            `(${orders.length - answered.length} committed without a 201 reaching the client), ` +
            `${failedAfterKill} requests cut by the kill, ${conflicts} out-of-stock 409\n  ${report.join('\n  ')}`,
        );
      } finally {
        await q.close();
      }
    },
  );
});
