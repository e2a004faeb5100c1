/**
 * Backup → wipe → restore gives back the same users, orders and files: on the embedded database
 * (pglite project) and on PostgreSQL (postgres project: our own databases on TEST_DATABASE_URL's
 * server, with pg_dump and with the forced logical fallback), with files on disk and on S3.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, newPglite, openDatabase } from '../../db/client';
import { orderItems, orders, products, users } from '../../db/schema';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createLocalStorage } from '../storage/local-storage';
import { createS3Client, createS3Storage } from '../storage/s3-storage';
import type { Storage } from '../storage/storage';
import { BackupError, type BackupManifest, createBackup, MANIFEST, restoreBackup } from './backup';

const kind = process.env.ATELIER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/**
 * A database of the given kind: `empty` (a restore target: the restore migrates it itself) or
 * `migrated` (a shop to back up, copied from the test project's migrated template when there is one).
 */
async function freshDatabase(
  of: 'pglite' | 'postgres' = kind,
  state: 'empty' | 'migrated' = 'empty',
): Promise<Database> {
  if (of === 'pglite') {
    const template = state === 'migrated' && kind === 'pglite' ? inject('pgliteTemplate') : undefined;
    const client = newPglite(undefined, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    const database = await openDatabase({ kind: 'pglite', client });
    cleanups.push(() => database.close());
    if (state === 'migrated') await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `atelier_bk_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = state === 'migrated' && kind === 'postgres' ? inject('postgresTemplate').template : undefined;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  cleanups.push(async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  if (state === 'migrated') await database.migrate();
  return database;
}

const diskStorage = (): Storage => createLocalStorage({ root: tempDir('atelier-bk-files-') });

const picture = randomBytes(200_000);
const book = Buffer.from('%PDF-1.7 a digital book');

/** A shop with two customers, an admin, a product, orders with items and files of both kinds. */
async function fill(database: Database, storage: Storage): Promise<void> {
  const db = database.db;
  const [anna, boris] = await db
    .insert(users)
    .values([
      {
        email: 'anna@example.com',
        name: "Анна «Шёлк» O'Hara",
        passwordHash: 'scrypt$1$abc',
        emailVerifiedAt: new Date('2026-01-02T03:04:05.678Z'),
      },
      { email: 'boris@example.com', name: 'Boris', phone: '+7 900 000-00-00' },
      { email: 'owner@example.com', name: 'Owner', role: 'admin' },
    ])
    .returning();
  const [peony] = await db
    .insert(products)
    .values({
      name: { ru: 'Пион', en: 'Peony', es: 'Peonía' },
      description: { ru: 'Шёлк\nручная работа', en: 'Silk "hand" made', es: 'Seda' },
      priceRub: 12_500,
      category: 'collection',
      stock: 3,
      images: [{ url: '/uploads/products/peony.webp', alt: { ru: 'пион', en: 'peony', es: 'peonía' } }] as never,
    })
    .returning();
  for (const [user, quantity] of [
    [anna, 1],
    [boris, 2],
  ] as const) {
    const [order] = await db
      .insert(orders)
      .values({
        userId: user?.id,
        customer: { firstName: 'A', lastName: 'B', email: user?.email ?? '', phone: '+1' },
        delivery: { method: 'express', city: 'Москва', address: 'ул. Тверская, 1' },
        paymentMethod: 'card',
        subtotalRub: 12_500 * quantity,
        totalRub: 12_500 * quantity + 500,
        deliveryCostRub: 500,
        exchangeSnapshot: { EUR: 98.5 },
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order?.id as string,
      type: 'product',
      productId: peony?.id,
      name: peony?.name as never,
      unitPriceRub: 12_500,
      quantity,
    });
  }
  await storage.put('public', 'products/peony.webp', picture, 'image/webp');
  await storage.put('public', 'home/hero/1.webp', Buffer.from('hero'), 'image/webp');
  await storage.put('private', 'books/guide.pdf', book, 'application/pdf');
}

/** What must survive: users, orders with items, and every file's bytes. */
async function snapshot(database: Database, storage: Storage) {
  const db = database.db;
  const files: string[] = [];
  for (const visibility of ['public', 'private'] as const) {
    for await (const object of storage.list(visibility)) {
      const hash = createHash('sha256');
      for await (const chunk of await storage.read(visibility, object.key)) hash.update(chunk as Buffer);
      const stat = await storage.stat(visibility, object.key);
      files.push(`${visibility}/${object.key} ${stat?.contentType} ${hash.digest('hex')}`);
    }
  }
  return {
    users: await db.select().from(users).orderBy(asc(users.email)),
    orders: await db.select().from(orders).orderBy(asc(orders.number)),
    items: await db.select().from(orderItems).orderBy(asc(orderItems.quantity)),
    products: await db.select().from(products),
    files: files.sort(),
  };
}

async function roundTrip(options: {
  source: Database;
  target: Database;
  sourceStorage: Storage;
  targetStorage: Storage;
  pgDump: boolean;
}): Promise<BackupManifest> {
  await fill(options.source, options.sourceStorage);
  const before = await snapshot(options.source, options.sourceStorage);
  const dir = join(tempDir('atelier-bk-'), 'backup');
  const manifest = await createBackup({
    database: options.source,
    storage: options.sourceStorage,
    storageDriver: 'disk',
    dir,
    pgDump: options.pgDump,
  });
  await restoreBackup({ database: options.target, storage: options.targetStorage, dir, force: false });
  const after = await snapshot(options.target, options.targetStorage);
  expect(after).toEqual(before);
  expect(after.users).toHaveLength(3);
  expect(after.orders).toHaveLength(2);
  expect(after.files).toHaveLength(3);
  // The order-number sequence continues after the restored orders instead of restarting at 1.
  const [next] = await options.target.db
    .insert(orders)
    .values({
      customer: { firstName: 'C', lastName: 'D', email: 'c@example.com', phone: '+1' },
      delivery: { method: 'none' },
      paymentMethod: 'cash',
      subtotalRub: 1,
      totalRub: 1,
    })
    .returning();
  expect(next?.number).toBe(Math.max(...before.orders.map((o) => o.number)) + 1);
  return manifest;
}

describe(`backup and restore on ${kind}`, () => {
  it('backup → wipe → restore gives back the same users, orders and files (logical dump)', async () => {
    const manifest = await roundTrip({
      source: await freshDatabase(kind, 'migrated'),
      target: await freshDatabase(),
      sourceStorage: diskStorage(),
      targetStorage: diskStorage(),
      pgDump: false,
    });
    expect(manifest.database.format).toBe('logical');
    expect(manifest.database.kind).toBe(kind);
    expect(manifest.database.tables.find((t) => t.name === 'users')?.rows).toBe(3);
    expect(manifest.database.tables.find((t) => t.name === 'orders')?.rows).toBe(2);
    expect(manifest.files.count).toBe(3);
    expect(manifest.files.bytes).toBe(picture.length + 4 + book.length);
    const pdf = manifest.files.items.find((f) => f.key === 'books/guide.pdf');
    expect(pdf).toMatchObject({
      visibility: 'private',
      size: book.length,
      sha256: createHash('sha256').update(book).digest('hex'),
    });
  });

  it('refuses a backup made by a newer version (a migration this one does not have)', async () => {
    const source = await freshDatabase(kind, 'migrated');
    const storage = diskStorage();
    await fill(source, storage);
    const dir = join(tempDir('atelier-bk-'), 'backup');
    await createBackup({ database: source, storage, storageDriver: 'disk', dir, pgDump: false });
    const manifestPath = join(dir, MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
    // A backup of a version with one migration more than this one: refused, nothing restored.
    manifest.database.migrations.push('f'.repeat(64));
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const target = await freshDatabase();
    await expect(restoreBackup({ database: target, storage: diskStorage(), dir, force: false })).rejects.toThrow(
      /newer Atelier/,
    );
  });

  it('refuses an unfinished or damaged backup before touching the target', async () => {
    const source = await freshDatabase(kind, 'migrated');
    const storage = diskStorage();
    await fill(source, storage);
    const dir = join(tempDir('atelier-bk-'), 'backup');
    await createBackup({ database: source, storage, storageDriver: 'disk', dir, pgDump: false });
    writeFileSync(join(dir, 'files', 'private', 'books', 'guide.pdf'), 'tampered');
    unlinkSync(join(dir, 'database', 'orders.jsonl'));
    const target = await freshDatabase();
    const targetStorage = diskStorage();
    const refused = restoreBackup({ database: target, storage: targetStorage, dir, force: false });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(/orders\.jsonl is missing[\s\S]*books\/guide\.pdf differs/);
    unlinkSync(join(dir, MANIFEST));
    await expect(restoreBackup({ database: target, storage: targetStorage, dir, force: false })).rejects.toThrow(
      /no manifest\.json/,
    );
  });

  it('refuses a non-empty target without --force, and replaces it with --force', async () => {
    const source = await freshDatabase(kind, 'migrated');
    const storage = diskStorage();
    await fill(source, storage);
    const dir = join(tempDir('atelier-bk-'), 'backup');
    await createBackup({ database: source, storage, storageDriver: 'disk', dir, pgDump: false });
    const before = await snapshot(source, storage);

    const target = await freshDatabase(kind, 'migrated');
    const targetStorage = diskStorage();
    await target.db.insert(users).values({ email: 'someone-else@example.com', name: 'Other' });
    await targetStorage.put('public', 'other/x.webp', Buffer.from('x'), 'image/webp');
    await expect(restoreBackup({ database: target, storage: targetStorage, dir, force: false })).rejects.toThrow(
      /not empty \(data found in the database and the file storage\)[\s\S]*--force/,
    );
    expect((await target.db.select().from(users)).map((u) => u.email)).toEqual(['someone-else@example.com']);

    await restoreBackup({ database: target, storage: targetStorage, dir, force: true });
    expect(await snapshot(target, targetStorage)).toEqual(before);
  });

  it('refuses to write a backup into a directory that is not empty', async () => {
    const source = await freshDatabase(kind, 'migrated');
    const dir = tempDir('atelier-bk-');
    writeFileSync(join(dir, 'something'), 'x');
    await expect(
      createBackup({ database: source, storage: diskStorage(), storageDriver: 'disk', dir, pgDump: false }),
    ).rejects.toThrow(/is not empty/);
  });

  describe('files on S3', () => {
    let s3: TestS3;
    beforeAll(async () => {
      s3 = await startTestS3('atelier-backup');
    });
    afterAll(() => s3.close());

    it('backup → wipe the bucket → restore gives back every object with its type', async () => {
      const s3Storage = createS3Storage({
        bucket: s3.bucket,
        client: createS3Client({
          endpoint: s3.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          forcePathStyle: true,
        }),
      });
      const source = await freshDatabase(kind, 'migrated');
      await fill(source, s3Storage);
      const before = await snapshot(source, s3Storage);
      const dir = join(tempDir('atelier-bk-'), 'backup');
      await createBackup({ database: source, storage: s3Storage, storageDriver: 's3', dir, pgDump: false });
      for (const line of before.files) {
        const [path = ''] = line.split(' ');
        const [visibility, ...key] = path.split('/');
        await s3Storage.delete(visibility as 'public' | 'private', key.join('/'));
      }
      expect(await snapshot(source, s3Storage)).toMatchObject({ files: [] });
      await restoreBackup({ database: await freshDatabase(), storage: s3Storage, dir, force: false });
      expect((await snapshot(source, s3Storage)).files).toEqual(before.files);
    });
  });
});

if (kind === 'postgres') {
  describe('PostgreSQL specifics', () => {
    it('pg_dump/pg_restore round trip (the tools are installed here)', async () => {
      const manifest = await roundTrip({
        source: await freshDatabase(kind, 'migrated'),
        target: await freshDatabase(),
        sourceStorage: diskStorage(),
        targetStorage: diskStorage(),
        pgDump: true,
      });
      expect(manifest.database.format).toBe('pg_dump');
      expect(manifest.database.tables.find((t) => t.name === 'order_items')?.rows).toBe(2);
    });

    it('an embedded shop moves onto PostgreSQL (logical backup of PGlite restored into PostgreSQL)', async () => {
      await roundTrip({
        source: await freshDatabase('pglite', 'migrated'),
        target: await freshDatabase('postgres'),
        sourceStorage: diskStorage(),
        targetStorage: diskStorage(),
        pgDump: false,
      });
    });

    it('a pg_dump backup is refused on the embedded database with a way out', async () => {
      const source = await freshDatabase(kind, 'migrated');
      const storage = diskStorage();
      await fill(source, storage);
      const dir = join(tempDir('atelier-bk-'), 'backup');
      await createBackup({ database: source, storage, storageDriver: 'disk', dir, pgDump: true });
      await expect(
        restoreBackup({ database: await freshDatabase('pglite'), storage: diskStorage(), dir, force: false }),
      ).rejects.toThrow(/only onto PostgreSQL[\s\S]*--logical/);
    });

    it('refuses to restore while another client (a running shop) is connected to the database', async () => {
      const source = await freshDatabase(kind, 'migrated');
      const storage = diskStorage();
      await fill(source, storage);
      const dir = join(tempDir('atelier-bk-'), 'backup');
      await createBackup({ database: source, storage, storageDriver: 'disk', dir, pgDump: false });
      const target = await freshDatabase(kind, 'migrated');
      await target.db.insert(users).values({ email: 'live@example.com', name: 'Live' });
      const shop = new pg.Client({ connectionString: target.url, application_name: 'atelier' });
      await shop.connect();
      cleanups.push(() => shop.end());
      await expect(restoreBackup({ database: target, storage: diskStorage(), dir, force: true })).rejects.toThrow(
        /Other clients are connected to the database, probably a running Atelier: atelier \(pid \d+/,
      );
      expect((await target.db.select().from(users)).map((u) => u.email)).toEqual(['live@example.com']);
    });
  });
}
