/**
 * The in-memory catalogue index answers exactly what the SQL of shop.repo.ts answers: the same
 * products, order and totals for every search text, filter, sort and page, on the demo catalogue
 * plus products with awkward names. pg_trgm's word_similarity and tsquery matching are checked
 * against the database one by one.
 */
import { SHOP_SORTS, type ShopSort } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { createPublicCache } from '../../platform/http/public-cache';
import { productWithStock } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { createCatalogueIndex } from './shop.catalogue';
import { createShopRepo, type ProductFilter } from './shop.repo';
import { SHOP_CACHE_TAG } from './shop.schemas';
import { matches, parseTsquery, parseTsvector, trigrams, wordSimilarity } from './shop.text-search';

let t: TestContext;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestContext();
  expect(await seedDemo({ db: t.database.db, ...t.platform, log: { info() {} } })).toBe(true);
  const awkward = [
    { ru: 'Шёлковая роза «Ёлка»', en: 'Silk-flower rose "Fir"', es: 'Rosa de seda-flor' },
    { ru: 'Пион 50% скидка_', en: "Peony it's a\\b", es: 'Peonía ñandú' },
    { ru: 'Букет невесты', en: 'Bridal bouquet, red roses', es: 'Ramo de novia' },
  ];
  for (const [n, name] of awkward.entries()) {
    await productWithStock(t, { name, priceRub: 100_000 + n * 50_000, stock: 3 });
  }
});
afterAll(() => t.close());

/** What customers type, and what scripts send. */
const TEXTS = [
  'розы',
  'роза',
  'Роза',
  'пионы',
  'букет',
  'букте',
  'букетт',
  'ёлка',
  'елка',
  'шёлк',
  'шелковая роза',
  'книга',
  'ножници',
  'пеон',
  'ПЕОН',
  'розу',
  'тюлпан',
  'брош',
  'кинга',
  'паен',
  'пеу',
  'букт',
  'peonia',
  'roses',
  'bouquets',
  'bouqet',
  'peony',
  'silk-flower',
  'silk flower',
  '"red roses"',
  '"bridal bouquet"',
  'rose or peony',
  'rose -silk',
  '-silk',
  'seda',
  'flores',
  'ramos',
  'tijeras',
  'herramienta',
  'ñandú',
  "it's",
  '50%',
  '_',
  '\\',
  'a\\b',
  'the',
  'и',
  '!!!',
  '()',
  "''",
  '<->',
  'a & b | !c',
  'rose:*',
  '🌹 роза',
  'х'.repeat(100),
];

const FILTERS: ProductFilter[] = [
  {},
  { category: 'materials' },
  { minPriceRubMinor: 200_000 },
  { maxPriceRubMinor: 300_000, minPriceRubMinor: 0 },
];

describe('the catalogue index', () => {
  it('gives the SQL answer for every search text, filter, sort and page', async () => {
    const repo = createShopRepo(t.database.db);
    const index = createCatalogueIndex({ repo });
    const unsupported: string[] = [];
    let compared = 0;
    for (const search of [undefined, ...TEXTS]) {
      for (const base of FILTERS) {
        const filter: ProductFilter = { ...base, ...(search ? { search } : {}) };
        for (const sort of SHOP_SORTS as readonly ShopSort[]) {
          // SQL's first page holds the second page's window too: one query answers both.
          const fromSql = await repo.list(filter, sort, { offset: 0, limit: 24 });
          for (const page of [
            { offset: 0, limit: 24 },
            { offset: 2, limit: 3 },
          ]) {
            const fromIndex = await index.list(filter, sort, page);
            if (fromIndex === null) {
              unsupported.push(search ?? '(none)');
              continue;
            }
            const label = JSON.stringify({ filter, sort, page });
            expect(fromIndex.total, label).toBe(fromSql.total);
            expect(
              fromIndex.rows.map((r) => r.id),
              label,
            ).toEqual(fromSql.rows.slice(page.offset, page.offset + page.limit).map((r) => r.id));
            compared += 1;
          }
        }
      }
    }
    // Everything websearch_to_tsquery produces from these texts is evaluated in memory.
    expect([...new Set(unsupported)]).toEqual([]);
    expect(compared).toBe((TEXTS.length + 1) * FILTERS.length * SHOP_SORTS.length * 2);
  }, 600_000);

  it('finds word forms, substrings and typos (not only agrees on empty answers)', async () => {
    const index = createCatalogueIndex({ repo: createShopRepo(t.database.db) });
    const names = async (search: string) =>
      ((await index.list({ search }, 'newest', { offset: 0, limit: 50 }))?.rows ?? []).map((r) => r.name.en);
    expect(await names('розы')).toContain('Silk-flower rose "Fir"');
    expect(await names('bouqet')).toContain('Bridal bouquet, red roses');
    expect(await names('скидка_')).toEqual(["Peony it's a\\b"]);
    expect(await names('"red roses"')).toContain('Bridal bouquet, red roses');
  });

  it('reloads after a drop of the shop tag (here or relayed), and only then', async () => {
    const repo = createShopRepo(t.database.db);
    const indexRows = vi.spyOn(repo, 'indexRows');
    const cache = createPublicCache();
    const index = createCatalogueIndex({ repo, cache });
    const count = async () => (await index.list({}, 'newest', { offset: 0, limit: 1 }))?.total;
    const before = await count();
    await count();
    expect(indexRows).toHaveBeenCalledTimes(1);

    const id = await productWithStock(t, { name: { ru: 'Новинка', en: 'New', es: 'Nuevo' } });
    cache.invalidate('portfolio');
    expect(await count()).toBe(before);
    cache.invalidateLocal(SHOP_CACHE_TAG);
    expect(await count()).toBe((before ?? 0) + 1);
    expect(indexRows).toHaveBeenCalledTimes(2);

    await t.database.db.execute(sql`update products set archived_at = now() where id = ${id}`);
    cache.clear();
    expect(await count()).toBe(before);
  });

  it('asks PostgreSQL to read a text once, and matches it anew on every list', async () => {
    const repo = createShopRepo(t.database.db);
    const stemmedQuery = vi.spyOn(repo, 'stemmedQuery');
    const index = createCatalogueIndex({ repo });
    const first = await index.list({ search: 'пионы' }, 'newest', { offset: 0, limit: 50 });
    const cheaper = await index.list({ search: 'пионы', maxPriceRubMinor: 150_000 }, 'newest', {
      offset: 0,
      limit: 50,
    });
    expect(stemmedQuery).toHaveBeenCalledTimes(1);
    expect(first?.rows.length).toBeGreaterThan(cheaper?.rows.length ?? 0);
    await index.list({ search: 'пион' }, 'newest', { offset: 0, limit: 50 });
    expect(stemmedQuery).toHaveBeenCalledTimes(2);
  });

  it('serves no longer than the TTL without a drop', async () => {
    const repo = createShopRepo(t.database.db);
    const indexRows = vi.spyOn(repo, 'indexRows');
    const index = createCatalogueIndex({ repo, ttlMs: 50 });
    await index.list({}, 'newest', { offset: 0, limit: 1 });
    await index.list({}, 'newest', { offset: 0, limit: 1 });
    expect(indexRows).toHaveBeenCalledTimes(1);
    await vi.waitFor(
      async () => {
        await index.list({}, 'newest', { offset: 0, limit: 1 });
        expect(indexRows).toHaveBeenCalledTimes(2);
      },
      { timeout: 2_000, interval: 20 },
    );
  });

  it('keeps no index that was loading while the shop tag was dropped', async () => {
    const repo = createShopRepo(t.database.db);
    const indexRows = vi.spyOn(repo, 'indexRows');
    const cache = createPublicCache();
    const index = createCatalogueIndex({ repo, cache });
    const first = index.list({}, 'newest', { offset: 0, limit: 1 });
    cache.invalidate(SHOP_CACHE_TAG);
    await first;
    await index.list({}, 'newest', { offset: 0, limit: 1 });
    expect(indexRows).toHaveBeenCalledTimes(2);
  });
});

describe('PostgreSQL text search in memory', () => {
  it("matches pg_trgm's word_similarity", async () => {
    const pairs: [string, string][] = [];
    const needles = [
      'букте',
      'bouqet',
      'ножници',
      'хризантемма',
      'peonie',
      'rosa',
      'silk flower',
      'aaa',
      'ёлка',
      '50%',
    ];
    const haystacks = [
      'букет невесты bridal bouquet ramo de novia',
      'ножницы для ткани fabric scissors tijeras',
      'хризантема chrysanthemum crisantemo',
      'peony peonía пион',
      'silk-flower rose rosa de seda',
      'aaaa aa a',
      'шёлковая роза «ёлка»',
      '',
    ];
    for (const needle of needles) for (const haystack of haystacks) pairs.push([needle, haystack]);
    const expected = await rows<{ s: number }>(
      sql`select word_similarity(x.e->>'a', x.e->>'b')::float8 as s from jsonb_array_elements(${JSON.stringify(
        pairs.map(([a, b]) => ({ a, b })),
      )}::jsonb) with ordinality as x(e, n) order by x.n`,
    );
    const actual = pairs.map(([a, b]) => wordSimilarity(trigrams(a.toLowerCase()), trigrams(b)));
    expect(actual).toEqual(expected.map((r) => Number(r.s)));
    expect(actual.some((s) => s >= 0.5 && s < 1)).toBe(true);
  });

  it('matches @@ for what websearch_to_tsquery makes of the texts', async () => {
    const documents = ['Silk-flower rose, red roses and a bridal bouquet', 'Шёлковые розы и пионы', 'Rosa de seda'];
    for (const text of TEXTS) {
      for (const document of documents) {
        const [row] = await rows<{ vector: string; query: string; hit: boolean }>(sql`
          select v::text as vector, q::text as query, v @@ q as hit
          from (select to_tsvector('english', ${document}) || to_tsvector('russian', ${document})
            || to_tsvector('spanish', ${document}) as v,
            websearch_to_tsquery('russian', ${text}) || websearch_to_tsquery('english', ${text})
            || websearch_to_tsquery('spanish', ${text}) as q) x`);
        if (!row) throw new Error('no row');
        const vector = parseTsvector(row.vector);
        const query = parseTsquery(row.query);
        if (!vector || !query) throw new Error(`unreadable: ${row.vector} / ${row.query}`);
        expect(matches(vector, query), `${text} @@ ${document}`).toBe(row.hit);
      }
    }
  });

  it('reads what it evaluates and refuses what it does not', () => {
    expect(parseTsvector("'it''s':1 'rose':2,5A")).toEqual(
      new Map([
        ["it's", [1]],
        ['rose', [2, 5]],
      ]),
    );
    const phrase = parseTsquery("'red' <-> 'rose' | !'silk'");
    expect(phrase).not.toBeNull();
    const vector = parseTsvector("'red':1 'rose':2 'silk':3");
    if (!phrase || !vector) throw new Error('unreadable');
    expect(matches(vector, phrase)).toBe(true);
    expect(matches(vector, parseTsquery("'rose' <-> 'red'") ?? { op: 'empty' })).toBe(false);
    expect(matches(vector, parseTsquery("'red' <2> 'silk'") ?? { op: 'empty' })).toBe(true);
    expect(parseTsquery("'rose':A")).toBeNull();
    expect(parseTsquery("'red' <-> ( 'rose' & 'silk' )")).toBeNull();
    expect(parseTsquery("'unclosed")).toBeNull();
    expect(parseTsquery('')).toEqual({ op: 'empty' });
  });
});
