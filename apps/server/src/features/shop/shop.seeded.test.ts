/**
 * The public reads against the real demo content (src/demo), so what a newcomer sees on first start
 * is checked end to end: every endpoint answers, and every reply fits the shared schemas the web
 * parses it with.
 */
import {
  AboutSchema,
  LandingSettingsSchema,
  LessonSchema,
  listEnvelope,
  PortfolioItemSchema,
  ProductSchema,
  ReviewSchema,
  successEnvelope,
} from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  const seeded = await seedDemo({ db: t.database.db, ...t.platform, log: { info() {} } });
  expect(seeded).toBe(true);
});
afterAll(() => t.close());

async function getJson(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

describe('demo content through the public API', () => {
  it('landing about and settings fit the shared schemas', async () => {
    const about = successEnvelope(AboutSchema).parse(await getJson('/api/landing/about'));
    expect(about.data.title.ru).not.toBe('');
    expect(about.data.image).not.toBeNull();
    const settings = successEnvelope(LandingSettingsSchema).parse(await getJson('/api/landing'));
    expect(settings.data.social.length).toBeGreaterThan(0);
  });

  it('the whole catalogue fits ProductSchema, one page of 100, with books offering their formats', async () => {
    const body = listEnvelope(ProductSchema).parse(await getJson('/api/shop?limit=100'));
    expect(body.data.length).toBe(body.meta.total);
    expect(new Set(body.data.map((p) => p.category))).toEqual(new Set(['collection', 'book', 'tools', 'materials']));
    for (const product of body.data) {
      expect('bookFormats' in product).toBe(product.category === 'book');
    }
  });

  it('the home portfolio shows at most 12 items and every item fits PortfolioItemSchema', async () => {
    const body = listEnvelope(PortfolioItemSchema).parse(await getJson('/api/portfolio'));
    expect(body.data.length).toBe(Math.min(12, body.meta.total));
    const linked = body.data.find((item) => item.linkedProductId !== null);
    if (linked) await getJson(`/api/shop/${linked.linkedProductId}`);
  });

  it('approved reviews and published lessons fit their schemas', async () => {
    const reviews = listEnvelope(ReviewSchema).parse(await getJson('/api/reviews'));
    expect(reviews.data.length).toBeGreaterThan(0);
    const lessons = listEnvelope(LessonSchema).parse(await getJson('/api/training/lessons'));
    expect(lessons.data.map((l) => l.number)).toEqual([...lessons.data.map((l) => l.number)].sort((a, b) => a - b));
    expect(lessons.data.every((l) => l.hasVideo && l.methodologyLanguages.length === 3)).toBe(true);
  });
});
