/**
 * Cached public reads across instances: two apps on two connections to one PostgreSQL database
 * (the PostgreSQL project), each with its own in-memory cache. A write on A must reach B's cache
 * through LISTEN/NOTIFY within a second; a dropped LISTEN connection reconnects and clears B's
 * cache. On PGlite there is one process and no bus.
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { products } from '../../db/schema';
import { adminUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = (await adminUser(t, { email: 'bus-admin@example.com', password: 'Bus-Admin-1' })).token;
});
afterAll(() => t.close());

const FIELDS = {
  name: { ru: 'Роза', en: 'Rose', es: 'Rosa' },
  description: { ru: 'Шёлковая роза' },
  price: { rub: 1000, eur: null, usd: null },
  category: 'collection',
  subcategory: 'bouquets',
  availability: 'in_stock',
  stock: 3,
};

function form(data: object) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return body;
}

async function createProduct(app: App): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: form(FIELDS) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/**
 * Polled every 10 ms until the change has reached the other instance. The bound only ends a test
 * that would wait for ever; how fast the relay is belongs to the bench, not to a test.
 */
const UNTIL_RELAYED = { timeout: 15_000, interval: 10 };

if (process.env.ATELIER_TEST_DB === 'postgres') {
  describe('two instances on one PostgreSQL database', () => {
    let databaseB: Database;
    let appB: App;

    beforeAll(async () => {
      databaseB = await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 3 });
      appB = await buildApp({
        config: t.config,
        database: databaseB,
        ...t.platform,
        logger: false,
        webDist: join(t.dataDir, 'no-web-build'),
      });
      await appB.ready();
    });
    afterAll(async () => {
      await appB.close();
      await databaseB.close();
    });

    /** Until B has its own cached copy: the create's notification may still be on its way to B. */
    async function cachedOnB(url: string) {
      await vi.waitFor(async () => {
        expect((await appB.inject({ method: 'GET', url })).headers['x-cache']).toBe('HIT');
      }, UNTIL_RELAYED);
    }

    it('a price change on A is served by B (B had it cached)', async () => {
      const id = await createProduct(t.app);
      const url = `/api/shop/${id}`;
      await cachedOnB(url);
      expect((await appB.inject({ method: 'GET', url })).json().data.price.rub).toBe(1000);

      const saved = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: form({ ...FIELDS, price: { rub: 1234, eur: null, usd: null } }) as never,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      await vi.waitFor(async () => {
        expect((await appB.inject({ method: 'GET', url })).json().data.price.rub).toBe(1234);
      }, UNTIL_RELAYED);
    });

    it('each instance listens on its own dedicated connection, under its own id', async () => {
      expect(t.app.cacheBus?.listening).toBe(true);
      expect(appB.cacheBus?.listening).toBe(true);
      expect(t.app.cacheBus?.instanceId).not.toBe(appB.cacheBus?.instanceId);
    });

    it('after its LISTEN connection drops, B reconnects and clears its cache (notifications were missed)', async () => {
      const id = await createProduct(t.app);
      const url = `/api/shop/${id}`;
      await cachedOnB(url);

      await appB.cacheBus!.dropConnection();
      expect(appB.cacheBus!.listening).toBe(false);
      // A change nobody announces: only the reconnect's clear can make B see it before the TTL.
      await t.database.db
        .update(products)
        .set({ name: { ru: 'Роза', en: 'Changed while away' } })
        .where(eq(products.id, id));
      await appB.cacheBus!.connected();
      expect(appB.cacheBus!.listening).toBe(true);
      const res = await appB.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.headers['x-cache']).toBe('MISS');
      expect(res.body).toContain('Changed while away');
    });
  });
} else {
  describe('one instance on PGlite', () => {
    it('starts no bus, and an invalidation still empties the local cache', async () => {
      expect(t.database.url).toBeUndefined();
      expect(t.app.cacheBus).toBeNull();
      const id = await createProduct(t.app);
      const url = `/api/shop/${id}`;
      await t.app.inject({ method: 'GET', url });
      expect((await t.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('HIT');
      t.app.cache.invalidate('shop');
      expect((await t.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('MISS');
    });
  });
}
