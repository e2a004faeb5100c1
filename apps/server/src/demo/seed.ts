/**
 * Demo content for a first start (SEED_DEMO): the about section and site settings, a portfolio, a
 * catalogue covering every category, four lessons with video and methodology, approved reviews
 * and a promo code — so a newcomer sees a living shop instead of empty pages.
 *
 * Order matters for crash safety: every file is written first (artwork through the real image
 * pipeline, video and PDFs into private storage), then all rows go in ONE transaction. A crash
 * before the commit leaves an empty database (plus orphan files under fresh random keys), so the
 * next start simply seeds again; a failure we can see removes the files it wrote.
 *
 * The committed binary assets live in ./assets/ beside this module in the source tree, and in
 * dist/assets/ beside the bundle: the server build copies src/demo/assets -> dist/assets.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type About, DEFAULT_SHIPPING_COUNTRIES, type Image, type Language } from '@atelier/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
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
  type StoredFileRef,
  users,
} from '../db/schema';
import type { ImagePipeline } from '../platform/images/images';
import type { Storage } from '../platform/storage/storage';
import { renderArtwork } from './art';
import {
  ABOUT,
  type ArtSpec,
  COURSES,
  LESSONS,
  PORTFOLIO,
  PRODUCTS,
  PROMO,
  REVIEWS,
  SETTINGS,
  WORKSHOP,
} from './content';

export interface SeedDeps {
  db: Db;
  storage: Storage;
  images: ImagePipeline;
  log: { info(msg: string): void };
  /** Called as the demo images are drawn (`done` of `total`), for the first start's progress lines. */
  onImage?: (done: number, total: number) => void;
}

/** The demo's files, written to storage; its rows go in with `write`, or the files go with `discard`. */
export interface PreparedDemo {
  /** Inserts every row in one transaction; false (and the files removed) when the database has content. */
  write(db: Db): Promise<boolean>;
  discard(): Promise<void>;
}

/** The name `ensureAdmin` gives an admin it creates (the users service). */
export const PLACEHOLDER_ADMIN_NAME = 'Administrator';

/**
 * The demo shop's owner is its artisan: an admin made under the placeholder name takes hers, so the
 * panel greets and signs as a person; an admin with a name of her own keeps it. Run with the demo's
 * rows and again once the start-up admin exists (the two are made side by side).
 */
export async function nameDemoAdmin(db: Db | Tx): Promise<void> {
  if (!SETTINGS.artisanName) return;
  await db
    .update(users)
    .set({ name: SETTINGS.artisanName })
    .where(and(eq(users.role, 'admin'), eq(users.name, PLACEHOLDER_ADMIN_NAME)));
}

/** Resolved relative to this module, so it works from src/ (vitest, tsx) and from dist/main.js. */
export const SEED_ASSETS_URL = new URL('./assets/', import.meta.url);

const LANGS: Language[] = ['ru', 'en', 'es'];
/** Arbitrary constant key for pg_advisory_xact_lock: two instances starting together seed once. */
const SEED_LOCK_KEY = 73_110_421;
/** Renders in parallel; the decodes and encodes take their turns in the image pipeline's decode queue (decision 0092). */
const IMAGE_CONCURRENCY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

type Reader = Pick<Db, 'select'> | Pick<Tx, 'select'>;

/** True when any content table has a row: then the database belongs to someone and is left alone. */
async function hasContent(db: Reader): Promise<boolean> {
  for (const table of [products, portfolioItems, lessons, reviews, landingContent]) {
    const rows = await (db as Db).select({ one: sql<number>`1` }).from(table).limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

interface ArtJob {
  spec: ArtSpec;
  folder: string;
  width: number;
  height: number;
  seed: number;
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Seeds an empty database. `prepared` is the demo's files drawn ahead (on a first start, while the
 * database is still being created); without it they are drawn now.
 */
export async function seedDemo(deps: SeedDeps, prepared?: Promise<PreparedDemo>): Promise<boolean> {
  if (await hasContent(deps.db)) {
    await prepared?.then(
      (demo) => demo.discard(),
      () => {},
    );
    return false;
  }
  const demo = await (prepared ?? prepareDemo(deps));
  return demo.write(deps.db);
}

/** Draws every demo image and stores the demo's files; nothing touches the database. */
export async function prepareDemo(deps: Omit<SeedDeps, 'db'>): Promise<PreparedDemo> {
  const { storage, images, log, onImage } = deps;
  const started = Date.now();

  const ingested: Image[] = [];
  const privateKeys: string[] = [];
  const cleanup = async () => {
    await Promise.all([
      ...ingested.map((image) => images.remove(image).catch(() => {})),
      ...privateKeys.map((key) => storage.delete('private', key).catch(() => {})),
    ]);
  };

  try {
    // ---- files first
    const jobs: ArtJob[] = [];
    const job = (spec: ArtSpec, folder: string, width: number, height: number, seed: number) => {
      jobs.push({ spec, folder, width, height, seed });
      return jobs.length - 1;
    };
    const aboutArt = job(ABOUT.art, 'landing', 1000, 1250, 11);
    const productArt = PRODUCTS.map((p, i) =>
      p.art.map((spec, j) => job(spec, 'products', 1000, 1000, 1000 + i * 10 + j)),
    );
    const variantArt = PRODUCTS.map((p, i) =>
      (p.variants ?? []).map((v, k) =>
        (v.art ?? []).map((spec, j) => job(spec, 'products', 1000, 1000, 5000 + i * 100 + k * 10 + j)),
      ),
    );
    const portfolioArt = PORTFOLIO.map((p, i) =>
      p.art.map((spec, j) => job(spec, 'portfolio', 1200, 900, 2000 + i * 10 + j)),
    );
    const lessonArt = LESSONS.map((l, i) => job(l.art, 'lessons', 1280, 720, 3000 + i));
    const courseArt = COURSES.map((c, i) => job(LESSONS[c.artOf]!.art, 'courses', 1280, 720, 3500 + i));
    const reviewArt = REVIEWS.map((r, i) => (r.art ? job(r.art, 'reviews', 800, 800, 4000 + i) : null));

    let drawn = 0;
    const rendered = await mapLimit(jobs, IMAGE_CONCURRENCY, async (j) => {
      const png = await renderArtwork({ ...j.spec, seed: j.seed, width: j.width, height: j.height });
      const image = await images.ingest(png, j.folder, 'public', { quick: true });
      ingested.push(image);
      onImage?.(++drawn, jobs.length);
      return image;
    });
    const img = (index: number) => rendered[index]!;

    const putPrivate = async (asset: string, key: string, filename: string, contentType: string) => {
      const bytes = await readFile(new URL(asset, SEED_ASSETS_URL));
      privateKeys.push(key);
      const stored = await storage.put('private', key, bytes, contentType);
      return { key: stored.key, filename, contentType, size: stored.size } satisfies StoredFileRef;
    };

    const productIds = new Map(PRODUCTS.map((p) => [p.slug, randomUUID()]));
    const digitalFiles = new Map<string, StoredFileRef>();
    for (const p of PRODUCTS) {
      if (!p.digitalAsset) continue;
      const id = productIds.get(p.slug)!;
      digitalFiles.set(
        p.slug,
        await putPrivate(p.digitalAsset, `books/${id}/${p.digitalAsset}`, p.digitalAsset, 'application/pdf'),
      );
    }

    const courseIds = COURSES.map(() => randomUUID());
    /** Lesson number → its course and position. */
    const inCourse = new Map(
      COURSES.flatMap((c, ci) => c.lessons.map((number, position) => [number, { ci, position }] as const)),
    );
    const lessonRows = await Promise.all(
      LESSONS.map(async (lesson, i) => {
        const id = randomUUID();
        const membership = inCourse.get(lesson.number);
        const video = await putPrivate(
          'lesson-sample.mp4',
          `lessons/${id}/video.mp4`,
          `lesson-${lesson.number}.mp4`,
          'video/mp4',
        );
        const preview = await putPrivate(
          'lesson-preview.mp4',
          `lessons/${id}/preview.mp4`,
          `lesson-${lesson.number}-preview.mp4`,
          'video/mp4',
        );
        const methodology: Partial<Record<Language, StoredFileRef>> = {};
        for (const lang of LANGS) {
          methodology[lang] = await putPrivate(
            `methodology-${lesson.number}-${lang}.pdf`,
            `lessons/${id}/methodology-${lang}.pdf`,
            `lesson-${lesson.number}-methodology-${lang}.pdf`,
            'application/pdf',
          );
        }
        return {
          id,
          number: lesson.number,
          title: lesson.title,
          description: lesson.description,
          level: lesson.level,
          priceRub: lesson.priceRub,
          priceEur: lesson.priceEur,
          priceUsd: lesson.priceUsd,
          durationMinutes: lesson.durationMinutes,
          poster: img(lessonArt[i]!),
          video,
          preview,
          outcomes: lesson.outcomes,
          materials: lesson.materials,
          methodology,
          courseId: membership ? courseIds[membership.ci]! : null,
          positionInCourse: membership ? membership.position : null,
          published: true,
        };
      }),
    );

    // ---- then every row in one transaction
    const write = async (db: Db): Promise<boolean> => {
      const now = Date.now();
      // Staggered dates so "newest" sorting and review dates look like a shop with a history.
      const daysAgo = (days: number) => new Date(now - days * DAY_MS);
      const about: About = { title: ABOUT.title, content: ABOUT.content, image: img(aboutArt) };

      const seeded = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
        // Another instance may have seeded while we were drawing.
        if (await hasContent(tx)) return false;

        await tx.insert(landingContent).values([
          { key: 'about', value: about },
          { key: 'settings', value: SETTINGS },
        ]);
        // The workshop for pickup; the countries stay the default until the owner chooses.
        await tx
          .insert(deliverySettings)
          .values({
            id: 1,
            shippingCountries: [...DEFAULT_SHIPPING_COUNTRIES],
            pickupAddress: WORKSHOP.address,
            pickupHours: WORKSHOP.hours,
            pickupMapUrl: WORKSHOP.mapUrl,
          })
          .onConflictDoNothing();
        await nameDemoAdmin(tx);
        await tx.insert(products).values(
          PRODUCTS.map((p, i) => ({
            id: productIds.get(p.slug)!,
            name: p.name,
            description: p.description,
            priceRub: p.priceRub,
            priceEur: p.priceEur,
            priceUsd: p.priceUsd,
            category: p.category,
            subcategory: p.subcategory ?? null,
            availability: p.availability,
            stock: p.stock,
            position: p.position ?? null,
            bookFormats: p.bookFormats ?? null,
            images: productArt[i]!.map(img),
            digitalFile: digitalFiles.get(p.slug) ?? null,
            featured: p.featured ?? false,
            size: p.size ?? null,
            materials: p.materials ?? null,
            care: p.care ?? null,
            createdAt: daysAgo(PRODUCTS.length - i),
            updatedAt: daysAgo(PRODUCTS.length - i),
            options: p.options ?? [],
          })),
        );
        // A product sold in variants: the trigger gave it its default variant, which its options replace.
        for (const [i, p] of PRODUCTS.entries()) {
          if (!p.variants?.length) continue;
          const productId = productIds.get(p.slug)!;
          await tx.delete(productVariants).where(eq(productVariants.productId, productId));
          await tx.insert(productVariants).values(
            p.variants.map((v, k) => ({
              productId,
              optionValues: v.values,
              stock: v.stock,
              priceRub: v.priceRub ?? null,
              priceEur: v.priceEur ?? null,
              priceUsd: v.priceUsd ?? null,
              images: variantArt[i]![k]!.map(img),
              position: k + 1,
            })),
          );
        }
        await tx.insert(portfolioItems).values(
          PORTFOLIO.map((item, i) => ({
            title: item.title,
            description: item.description,
            category: item.category,
            images: portfolioArt[i]!.map(img),
            mainImageIndex: item.mainImageIndex,
            linkedProductId: item.linkedProduct ? productIds.get(item.linkedProduct)! : null,
            sortOrder: i + 1,
            createdAt: daysAgo(60 - i * 3),
            updatedAt: daysAgo(60 - i * 3),
          })),
        );
        await tx.insert(courses).values(
          COURSES.map((c, i) => ({
            id: courseIds[i]!,
            title: c.title,
            description: c.description,
            level: c.level,
            isMasterClass: c.isMasterClass,
            durationMinutes: c.durationMinutes,
            outcomes: c.outcomes,
            materials: c.materials,
            priceRub: c.priceRub,
            priceEur: c.priceEur,
            priceUsd: c.priceUsd,
            cover: img(courseArt[i]!),
            eventAt:
              c.eventInDays === null
                ? null
                : new Date(Math.floor(now / DAY_MS) * DAY_MS + c.eventInDays * DAY_MS + 11 * 3_600_000),
            eventPlace: c.eventPlace,
            seatLimit: c.seatLimit,
            sortOrder: i + 1,
          })),
        );
        await tx.insert(lessons).values(lessonRows);
        await tx.insert(reviews).values(
          REVIEWS.map((review, i) => {
            const artIndex = reviewArt[i];
            return {
              userId: null,
              userName: review.userName,
              text: review.text,
              rating: review.rating,
              image: artIndex === null || artIndex === undefined ? null : img(artIndex),
              status: 'approved' as const,
              sortOrder: i + 1,
              moderatedAt: daysAgo(40 - i * 4),
              createdAt: daysAgo(41 - i * 4),
            };
          }),
        );
        // An admin may already have made this code on an otherwise empty shop; theirs wins.
        await tx
          .insert(promoCodes)
          .values({ code: PROMO.code, percentOff: PROMO.percentOff, lessonIds: [], courseIds: [], active: true })
          .onConflictDoNothing();
        return true;
      });

      if (!seeded) {
        await cleanup();
        return false;
      }
      log.info(
        `demo content seeded in ${Date.now() - started} ms: ${PRODUCTS.length} products, ${PORTFOLIO.length} portfolio items, ${LESSONS.length} lessons, ${REVIEWS.length} reviews, ${rendered.length} images`,
      );
      return true;
    };
    return {
      write: async (db) => {
        try {
          return await write(db);
        } catch (error) {
          await cleanup();
          throw error;
        }
      },
      discard: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
