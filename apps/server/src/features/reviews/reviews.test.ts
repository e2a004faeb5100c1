import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBodySchema, listEnvelope, ReviewSchema } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type orders, reviews } from '../../db/schema';
import { storedOrder, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { INDEX_HTML } from '../../test/web-template';
import type { ReviewsRepo } from './reviews.repo';
import { REVIEWS_CACHE_TAG } from './reviews.schemas';
import { createReviewsService } from './reviews.service';

const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
type OrderStatus = (typeof orders.$inferInsert)['status'] & string;

let t: TestContext;
let webDist: string;
const keyOf = new Map<string, string>();
const ids: Record<string, string> = {};

/** An account (email not confirmed) with one order in each of `statuses`. */
async function userWithOrders(name: string, statuses: OrderStatus[]) {
  const user = await verifiedUser(t, { name, email: `${name.toLowerCase()}@example.test`, verified: false });
  for (const status of statuses) {
    const customer = { firstName: name, lastName: 'X', email: `${name}@example.test`, phone: '+70000000000' };
    await storedOrder(t, user.id, { status, customer, totalRub: 100_000 });
  }
  return user.id;
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'atelier-reviews-web-'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  t = await createTestContext({ webDist });
  const paid = {
    confirmed: await userWithOrders('Confirmed', ['confirmed']),
    processing: await userWithOrders('Processing', ['cancelled', 'processing']),
    shipped: await userWithOrders('Shipped', ['shipped']),
    delivered: await userWithOrders('Delivered', ['delivered']),
  };
  const unpaid = await userWithOrders('Unpaid', ['pending', 'cancelled']);
  const noOrders = await userWithOrders('Browser', []);

  const rows: { key: string; values: Omit<typeof reviews.$inferInsert, 'userName' | 'text'> }[] = [
    // sortOrder decides; equal positions show the newer review first.
    { key: 'first', values: { sortOrder: 0, createdAt: at(500), rating: 5, userId: unpaid } },
    { key: 'older', values: { sortOrder: 1, createdAt: at(400), rating: 4, userId: paid.delivered } },
    { key: 'newer', values: { sortOrder: 1, createdAt: at(300), rating: 3, userId: noOrders } },
    { key: 'guest', values: { sortOrder: 2, createdAt: at(200), rating: 5, userId: null } },
    { key: 'confirmed', values: { sortOrder: 3, createdAt: at(100), rating: 4, userId: paid.confirmed } },
    { key: 'processing', values: { sortOrder: 4, createdAt: at(100), rating: 5, userId: paid.processing } },
    { key: 'shipped', values: { sortOrder: 5, createdAt: at(100), rating: 4, userId: paid.shipped } },
    { key: 'pending', values: { sortOrder: -1, status: 'pending', rating: 1, userId: paid.delivered } },
    { key: 'rejected', values: { sortOrder: -2, status: 'rejected', rating: 1, userId: paid.delivered } },
  ];
  for (const { key, values } of rows) {
    const [row] = await t.database.db
      .insert(reviews)
      .values({
        status: 'approved',
        userName: `Автор ${key}`,
        text: `Отзыв ${key}: прекрасные цветы`,
        ...values,
      })
      .returning({ id: reviews.id });
    ids[key] = row!.id;
    keyOf.set(row!.id, key);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function get(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/reviews${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return listEnvelope(ReviewSchema).parse(res.json());
}

describe('GET /api/reviews', () => {
  it('shows approved reviews only, in the admin order (position, then newest first)', async () => {
    const body = await get();
    expect(body.data.map((r) => keyOf.get(r.id))).toEqual([
      'first',
      'newer',
      'older',
      'guest',
      'confirmed',
      'processing',
      'shipped',
    ]);
    expect(body.meta).toEqual({ total: 7, page: 1, limit: 24 });
    expect(body.data.every((r) => r.status === 'approved')).toBe(true);
  });

  it('maps the stored text to reviewText and keeps name, rating and date', async () => {
    const body = await get();
    const older = body.data.find((r) => r.id === ids.older)!;
    expect(older).toMatchObject({ userName: 'Автор older', reviewText: 'Отзыв older: прекрасные цветы', rating: 4 });
    expect(older.image).toBeNull();
  });

  it('marks verifiedBuyer only for authors with an order confirmed, processing, shipped or delivered', async () => {
    const body = await get();
    const verified = Object.fromEntries(body.data.map((r) => [keyOf.get(r.id), r.verifiedBuyer]));
    expect(verified).toEqual({
      first: false, // only pending and cancelled orders
      newer: false, // no orders
      older: true, // delivered
      guest: false, // no account
      confirmed: true,
      processing: true,
      shipped: true,
    });
  });

  it('pages through the approved reviews with the total of approved ones', async () => {
    const page2 = await get('?page=2&limit=3');
    expect(page2.meta).toEqual({ total: 7, page: 2, limit: 3 });
    expect(page2.data.map((r) => keyOf.get(r.id))).toEqual(['guest', 'confirmed', 'processing']);
  });

  it.each(['limit=0', 'limit=1000', 'page=-1', 'page=x'])('%s → 400 VALIDATION_ERROR', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reviews?${query}` });
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
  });

  it('is served from the public cache until the reviews tag is invalidated, with 304 on a matching ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/reviews?limit=2' });
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/reviews?limit=2',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(second.statusCode).toBe(304);
    expect(second.headers['x-cache']).toBe('HIT');
    await t.database.db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, ids.pending!));
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews?limit=2' })).body).toBe(first.body);
    t.app.cache.invalidate(REVIEWS_CACHE_TAG);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/reviews?limit=2' });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.json().data[0].id).toBe(ids.pending);
    await t.database.db.update(reviews).set({ status: 'pending' }).where(eq(reviews.id, ids.pending!));
    t.app.cache.invalidate(REVIEWS_CACHE_TAG);
  });
});

describe('AggregateRating on the home page', () => {
  it('carries the average and count of approved reviews only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const rating = blocks.find((b) => b['@type'] === 'AggregateRating');
    // Approved ratings 5, 4, 3, 5, 4, 5, 4 → 30 / 7 = 4.29 → 4.3; the pending and rejected 1s do not count.
    expect(rating).toMatchObject({
      ratingValue: 4.3,
      reviewCount: 7,
      bestRating: 5,
      itemReviewed: { '@type': 'LocalBusiness', '@id': `${t.config.publicUrl}/#business` },
    });
  });

  it('lists the approved reviews as schema.org Review items, in the order the site shows them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const items = blocks.filter((b) => b['@type'] === 'Review');
    const shown = (await get('?limit=10')).data;
    expect(shown).toHaveLength(7);
    expect(items).toHaveLength(7);
    items.forEach((item, index) => {
      const review = shown[index]!;
      expect(item).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Review',
        itemReviewed: { '@type': 'LocalBusiness', '@id': `${t.config.publicUrl}/#business` },
        author: { '@type': 'Person', name: review.userName },
        datePublished: review.createdAt.slice(0, 10),
        reviewBody: review.reviewText,
        reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      });
      expect(item.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('is left out while there is no approved review', async () => {
    const repo = { approvedRating: async () => ({ average: null, count: 0 }) } as unknown as ReviewsRepo;
    expect(await createReviewsService({ db: t.database.db, repo }).rating()).toBeNull();
  });
});
