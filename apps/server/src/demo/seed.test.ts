import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AboutSchema,
  LandingSettingsSchema,
  PORTFOLIO_CATEGORIES,
  PRODUCT_CATEGORIES,
  PRODUCT_SUBCATEGORIES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database, Db } from '../db/client';
import {
  courses,
  deliverySettings,
  landingContent,
  lessons,
  portfolioItems,
  products,
  productVariants,
  promoCodes,
  reviews,
  users,
} from '../db/schema';
import { createUsersRepo } from '../features/users/users.repo';
import { createUsersService } from '../features/users/users.service';
import { TEST_PASSWORD_COST } from '../platform/auth/passwords';
import { createImagePipeline } from '../platform/images/sharp-pipeline';
import { createLocalStorage } from '../platform/storage/local-storage';
import type { Storage } from '../platform/storage/storage';
import { borrowPglite } from '../test/pglite-pool';
import { SETTINGS } from './content';
import { seedDemo } from './seed';

const SEED_TIMEOUT = 120_000;
/** The suites' cost: the hash is not what this file tests. */
const FAST_COST = TEST_PASSWORD_COST;
const quietLog = { info: () => {} };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function counts(db: Db) {
  const [p, pf, l, r, lc, pc] = await Promise.all([
    db.select().from(products),
    db.select().from(portfolioItems),
    db.select().from(lessons),
    db.select().from(reviews),
    db.select().from(landingContent),
    db.select().from(promoCodes),
  ]);
  return {
    products: p.length,
    portfolio: pf.length,
    lessons: l.length,
    reviews: r.length,
    landing: lc.length,
    promo: pc.length,
  };
}

/** The database as seen by a seed whose reviews insert fails after landing, products, portfolio and lessons went in. */
function crashingAtReviews(real: Db): Db {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'transaction') {
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            fn(
              new Proxy(tx, {
                get(t, p) {
                  if (p === 'insert') {
                    return (table: unknown) => {
                      if (table === reviews) throw new Error('simulated crash');
                      return t.insert(table as typeof reviews);
                    };
                  }
                  const value = Reflect.get(t, p);
                  return typeof value === 'function' ? value.bind(t) : value;
                },
              }),
            ),
          );
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Db;
}

describe('seedDemo on an empty database, after a first attempt that failed half-way', () => {
  let database: Database;
  let release: () => Promise<void> = async () => {};
  let root: string;
  let storage: Storage;
  let seeded: boolean;
  let elapsedMs: number;
  let crashError: unknown;
  let afterCrash: { counts: Awaited<ReturnType<typeof counts>>; files: string[] };

  beforeAll(async () => {
    // The suite's migrated, empty embedded database.
    const borrowed = await borrowPglite(inject('pgliteTemplate'));
    database = borrowed.database;
    release = borrowed.release;
    root = await mkdtemp(path.join(tmpdir(), 'atelier-seed-'));
    storage = createLocalStorage({ root });
    // As at start-up: the admin is made (under its placeholder name) before the demo is seeded;
    // a second admin already has a name of her own.
    const admins = createUsersService({ repo: createUsersRepo(database.db), db: database.db, passwordCost: FAST_COST });
    await admins.ensureAdmin('owner@example.com', 'a long enough password');
    await database.db
      .insert(users)
      .values({ email: 'helper@example.com', name: 'Мария', role: 'admin', passwordHash: 'x' });
    const images = createImagePipeline({ storage });
    // A first start that fails inside the transaction: nothing of it may stay behind.
    crashError = await seedDemo({ db: crashingAtReviews(database.db), storage, images, log: quietLog }).then(
      () => null,
      (error: unknown) => error,
    );
    afterCrash = { counts: await counts(database.db), files: await filesUnder(root) };
    const started = Date.now();
    seeded = await seedDemo({ db: database.db, storage, images, log: quietLog });
    elapsedMs = Date.now() - started;
  }, SEED_TIMEOUT * 2);

  afterAll(async () => {
    await release();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('a failure inside the transaction leaves no rows and no files, and the next start seeds cleanly', async () => {
    expect(crashError).toBeInstanceOf(Error);
    expect((crashError as Error).message).toBe('simulated crash');
    expect(afterCrash).toEqual({
      counts: { products: 0, portfolio: 0, lessons: 0, reviews: 0, landing: 0, promo: 0 },
      files: [],
    });
    expect(seeded).toBe(true);
    const after = await counts(database.db);
    expect(after.products).toBeGreaterThanOrEqual(20);
    expect(after.reviews).toBe(8);
  });

  it('reports that it seeded', () => {
    expect(seeded).toBe(true);
    // How long it takes is the bench's cold-start figure, not a test's.
    console.info(`seedDemo took ${elapsedMs} ms`);
  });

  it("the admin made under the placeholder name takes the artisan's name; an admin with her own name keeps it", async () => {
    const rows = await database.db.select({ email: users.email, name: users.name }).from(users);
    const names = Object.fromEntries(rows.map((row) => [row.email, row.name]));
    expect(SETTINGS.artisanName).toBe('Анна');
    expect(names).toEqual({ 'owner@example.com': 'Анна', 'helper@example.com': 'Мария' });
  });

  it('the workshop for pickup has its address and hours in ru, en and es and a map link', async () => {
    const [row] = await database.db.select().from(deliverySettings);
    for (const lang of ['ru', 'en', 'es'] as const) {
      expect(row?.pickupAddress[lang]?.length).toBeGreaterThan(10);
      expect(row?.pickupHours[lang]?.length).toBeGreaterThan(5);
    }
    expect(row?.pickupMapUrl).toMatch(/^https:\/\//);
    expect(row?.shippingCountries).toContain('RU');
  });

  it('about and settings are complete in ru, en and es', async () => {
    const rows = await database.db.select().from(landingContent);
    const about = AboutSchema.parse(rows.find((r) => r.key === 'about')?.value);
    const settings = LandingSettingsSchema.parse(rows.find((r) => r.key === 'settings')?.value);
    for (const lang of ['ru', 'en', 'es'] as const) {
      expect(about.title[lang]?.length).toBeGreaterThan(5);
      expect(about.content[lang]?.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(settings.heroTitle[lang]).toBeTruthy();
      expect(settings.heroSubtitle[lang]).toBeTruthy();
    }
    expect(about.image).not.toBeNull();
    expect(settings.social.length).toBeGreaterThan(0);
    expect(settings.contactEmail).toContain('@');
  });

  it('has at least 12 portfolio items across every category, with 1-3 images each and some product links', async () => {
    const items = await database.db.select().from(portfolioItems);
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(PORTFOLIO_CATEGORIES));
    for (const item of items) {
      expect(item.images.length).toBeGreaterThanOrEqual(1);
      expect(item.images.length).toBeLessThanOrEqual(3);
      expect(item.mainImageIndex).toBeLessThan(item.images.length);
      expect(item.title.en && item.title.es && item.description.en && item.description.es).toBeTruthy();
    }
    expect(new Set(items.map((i) => i.sortOrder)).size).toBe(items.length);
    const linked = items.filter((i) => i.linkedProductId);
    expect(linked.length).toBeGreaterThan(0);
    const productIds = new Set((await database.db.select({ id: products.id }).from(products)).map((p) => p.id));
    for (const item of linked) expect(productIds.has(item.linkedProductId!)).toBe(true);
  });

  it('has at least 20 products covering every category, subcategory and availability, priced in minor units', async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    const subcategories = new Set(rows.filter((p) => p.category === 'collection').map((p) => p.subcategory));
    for (const sub of PRODUCT_SUBCATEGORIES) expect(subcategories.has(sub)).toBe(true);
    expect(new Set(rows.map((p) => p.availability))).toEqual(new Set(['in_stock', 'out_of_stock', 'on_order']));
    expect(rows.some((p) => p.stock !== null && p.stock > 0)).toBe(true);
    expect(rows.some((p) => p.priceEur === null && p.priceUsd === null)).toBe(true);
    for (const p of rows) {
      expect(Number.isInteger(p.priceRub) && p.priceRub >= 10_000).toBe(true);
      expect(p.images.length).toBeGreaterThan(0);
      if (p.subcategory) expect(p.category).toBe('collection');
      if (p.availability === 'out_of_stock') expect(p.stock ?? 0).toBe(0);
    }
  });

  it('sells one peony in variants: colour × height, each counted on its own, one sold out, the taller dearer', async () => {
    const withOptions = (await database.db.select().from(products)).filter((p) => p.options.length > 0);
    expect(withOptions).toHaveLength(1);
    const peony = withOptions[0]!;
    expect(peony.options.map((o) => [o.id, o.values.length])).toEqual([
      ['colour', 3],
      ['size', 2],
    ]);
    for (const option of peony.options)
      for (const value of option.values) expect(Object.keys(value.label).sort()).toEqual(['en', 'es', 'ru']);
    const variants = await database.db.select().from(productVariants).where(eq(productVariants.productId, peony.id));
    // The trigger's default variant is gone: every variant names a value of each option.
    expect(variants).toHaveLength(6);
    for (const v of variants) expect(v.optionValues).toHaveLength(2);
    expect(variants.filter((v) => v.stock === 0).map((v) => v.optionValues)).toEqual([['wine', 's45']]);
    expect(variants.some((v) => v.priceRub !== null && v.priceRub !== peony.priceRub)).toBe(true);
    expect(variants.some((v) => v.images.length > 0)).toBe(true);
  });

  it('has two books: one physical and digital with its PDF in private storage, one physical only', async () => {
    const books = await database.db.select().from(products).where(eq(products.category, 'book'));
    expect(books).toHaveLength(2);
    const digital = books.find((b) => b.bookFormats?.includes('digital'));
    const physical = books.find((b) => !b.bookFormats?.includes('digital'));
    expect(digital?.bookFormats).toEqual(['physical', 'digital']);
    expect(physical?.bookFormats).toEqual(['physical']);
    expect(physical?.digitalFile).toBeNull();
    const file = digital!.digitalFile!;
    expect(file.contentType).toBe('application/pdf');
    const stat = await storage.stat('private', file.key);
    expect(stat?.size).toBe(file.size);
    expect(await storage.stat('public', file.key)).toBeNull();
    const head = await storage.read('private', file.key, { start: 0, end: 4 });
    const chunks: Buffer[] = [];
    for await (const chunk of head) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('latin1')).toBe('%PDF-');
  });

  it('has 4 lessons numbered 1-4, three paid and one free, each with poster, private video and ru/en/es methodology', async () => {
    const rows = await database.db.select().from(lessons);
    expect(rows.map((l) => l.number).sort()).toEqual([1, 2, 3, 4]);
    const free = rows.filter((l) => l.priceRub === 0);
    expect(free).toHaveLength(1);
    expect(free[0]).toMatchObject({ priceEur: 0, priceUsd: 0 });
    expect(rows.filter((l) => l.priceRub > 0)).toHaveLength(3);
    expect(new Set(rows.map((l) => l.level)).size).toBeGreaterThanOrEqual(3);
    for (const lesson of rows) {
      expect(lesson.poster?.url).toMatch(/^\/uploads\/lessons\//);
      expect(lesson.durationMinutes).toBeGreaterThan(0);
      expect(lesson.video?.key).toBe(`lessons/${lesson.id}/video.mp4`);
      const video = await storage.stat('private', lesson.video!.key);
      expect(video?.size).toBeGreaterThan(10_000);
      expect(await storage.stat('public', lesson.video!.key)).toBeNull();
      // A short trailer of its own, smaller than the video, and the two lists in every language.
      expect(lesson.preview?.key).toBe(`lessons/${lesson.id}/preview.mp4`);
      expect((await storage.stat('private', lesson.preview!.key))?.size).toBeLessThan(video!.size);
      expect(Object.keys(lesson.outcomes ?? {}).sort()).toEqual(['en', 'es', 'ru']);
      expect(Object.keys(lesson.materials ?? {}).sort()).toEqual(['en', 'es', 'ru']);
      expect(Object.keys(lesson.methodology).sort()).toEqual(['en', 'es', 'ru']);
      for (const ref of Object.values(lesson.methodology)) {
        expect((await storage.stat('private', ref.key))?.size).toBe(ref.size);
      }
    }
  });

  it('has 8 approved anonymous reviews in order 1..8, rated 4-5, one or two with a photo', async () => {
    const rows = await database.db.select().from(reviews);
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r.sortOrder).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const review of rows) {
      expect(review.status).toBe('approved');
      expect(review.userId).toBeNull();
      expect(review.rating).toBeGreaterThanOrEqual(4);
      expect(review.text.trim().length).toBeGreaterThanOrEqual(REVIEW_TEXT_MIN);
      expect(review.text.trim().length).toBeLessThanOrEqual(REVIEW_TEXT_MAX);
    }
    const withPhoto = rows.filter((r) => r.image).length;
    expect(withPhoto).toBeGreaterThanOrEqual(1);
    expect(withPhoto).toBeLessThanOrEqual(2);
  });

  it('has the SILK10 promo code: 10 % off every lesson, active', async () => {
    const rows = await database.db.select().from(promoCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: 'SILK10', percentOff: 10, lessonIds: [], active: true });
  });

  it('has a course of lessons 2 and 3 (in that order) and a live master class with 8 seats holding lesson 4', async () => {
    const rows = await database.db.select().from(courses);
    const lessonRows = await database.db.select().from(lessons);
    const numbersOf = (courseId: string) =>
      lessonRows
        .filter((lesson) => lesson.courseId === courseId)
        .sort((a, b) => (a.positionInCourse ?? 0) - (b.positionInCourse ?? 0))
        .map((lesson) => lesson.number);
    const course = rows.find((row) => !row.isMasterClass)!;
    const master = rows.find((row) => row.isMasterClass)!;
    expect(rows).toHaveLength(2);
    expect(numbersOf(course.id)).toEqual([2, 3]);
    expect(course).toMatchObject({ level: 'intermediate', seatLimit: null, durationMinutes: null, published: true });
    expect(course.cover?.url).toMatch(/^\/uploads\/courses\//);
    expect(numbersOf(master.id)).toEqual([4]);
    expect(master).toMatchObject({ seatLimit: 8, seatsTaken: 0, durationMinutes: 240 });
    expect(master.eventAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('every referenced image exists as WebP variants in public storage', async () => {
    const all = [
      ...(await database.db.select().from(products)).flatMap((p) => p.images),
      ...(await database.db.select().from(portfolioItems)).flatMap((p) => p.images),
    ];
    for (const image of all.slice(0, 6)) {
      for (const url of [image.url, image.thumb, image.medium, image.large]) {
        const key = url.replace('/uploads/', '');
        expect(await storage.stat('public', key)).not.toBeNull();
      }
    }
    const full = await storage.read('public', all[0]!.url.replace('/uploads/', ''));
    const chunks: Buffer[] = [];
    for await (const chunk of full) chunks.push(Buffer.from(chunk));
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(all[0]!.width);
  });

  it('a second call finds content, returns false and inserts nothing', async () => {
    const before = await counts(database.db);
    const filesBefore = (await filesUnder(root)).length;
    const again = await seedDemo({
      db: database.db,
      storage,
      images: createImagePipeline({ storage }),
      log: quietLog,
    });
    expect(again).toBe(false);
    expect(await counts(database.db)).toEqual(before);
    expect((await filesUnder(root)).length).toBe(filesBefore);
  });
});
