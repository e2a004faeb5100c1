/**
 * The server renderer's data comes from the services, not over HTTP; it must still be exactly what
 * the public API reads answer an anonymous visitor, or the browser's cache would start from
 * something its own request would not have fetched. Checked on the demo content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './demo/seed';
import { pageDataSource } from './pages';
import { createTestContext, type TestContext } from './test/harness';

let t: TestContext;
let source: ReturnType<typeof pageDataSource>;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemo({
    db: t.database.db,
    storage: t.platform.storage,
    images: t.platform.images,
    log: { info() {} },
  });
  source = pageDataSource(t.app.services);
});
afterAll(async () => {
  await t.close();
});

async function api(url: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function firstId(url: string): Promise<string> {
  const items = (await api(url)) as { id: string }[];
  expect(items.length).toBeGreaterThan(0);
  return items[0]?.id ?? '';
}

describe('page data equals the public API reads', () => {
  it('home: settings, about, portfolio, reviews, featured products', async () => {
    expect(await source.landing()).toEqual(await api('/api/landing'));
    expect(await source.about()).toEqual(await api('/api/landing/about'));
    expect(await source.portfolio('all', 12)).toEqual(await api('/api/portfolio?category=all&limit=12'));
    expect(await source.reviews()).toEqual(await api('/api/reviews'));
    expect((await source.reviews()).length).toBeGreaterThan(0);
    const featured = await source.featuredProducts('EUR');
    expect(featured).toEqual(await api('/api/shop/featured?currency=EUR'));
    expect(featured.length).toBeGreaterThan(0);
  });

  it('shop: a filtered, sorted page with its meta, and one product', async () => {
    const params = { category: 'collection', sort: 'price_asc', page: 1, limit: 12 };
    const res = await t.app.inject({ url: '/api/shop?category=collection&sort=price_asc&page=1&limit=12' });
    const body = res.json();
    const page = await source.products(params);
    expect(page).toEqual({ items: body.data, meta: body.meta });
    expect(page.items.length).toBeGreaterThan(0);
    const search = await source.products({ search: 'розы', sort: 'newest', page: 1, limit: 12 });
    expect(search.items.length).toBeGreaterThan(0);
    const id = page.items[0]?.id ?? '';
    expect(await source.product(id)).toEqual(await api(`/api/shop/${id}`));
  });

  it('training: lessons, courses, one of each', async () => {
    expect(await source.lessons()).toEqual(await api('/api/training/lessons'));
    expect(await source.courses()).toEqual(await api('/api/training/courses'));
    const lessonId = await firstId('/api/training/lessons');
    expect(await source.lesson(lessonId)).toEqual(await api(`/api/training/lessons/${lessonId}`));
    const courseId = await firstId('/api/training/courses');
    expect(await source.course(courseId)).toEqual(await api(`/api/training/courses/${courseId}`));
  });

  it('legal: a document’s version in force in a language, and one exact version', async () => {
    expect(await source.legalDocument('privacy', 'en')).toEqual(await api('/api/legal/privacy/en'));
    expect(await source.legalDocument('cookies', 'es', 1)).toEqual(await api('/api/legal/cookies/es/1'));
    expect(await source.legalDocument('terms', 'ru', 99)).toBeNull();
  });

  it('gift certificates: the amounts on offer and the dates allowed', async () => {
    expect(await source.giftOffer()).toEqual(await api('/api/gift-certificates/offer'));
  });

  it('answers null where the API answers 404 or 400, and an empty page for a query it refuses', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await source.product(missing)).toBeNull();
    expect(await source.lesson(missing)).toBeNull();
    expect(await source.course(missing)).toBeNull();
    expect(await source.lesson('not-a-uuid')).toBeNull();
    expect(await source.products({ sort: 'sideways', page: 1, limit: 12 })).toEqual({
      items: [],
      meta: { total: 0, page: 1, limit: 12 },
    });
  });
});
