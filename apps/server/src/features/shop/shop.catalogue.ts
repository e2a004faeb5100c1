/**
 * The listed catalogue held in memory, so that a catalogue read the public cache has not seen
 * (another filter, price bound, page or search text) costs no search query: filtering, search,
 * ranking, sorting and paging run here, over the products and the tsvectors PostgreSQL computed
 * for them. PostgreSQL still reads the customer's text with its language configurations
 * (`websearch_to_tsquery` in ru/en/es, one light query per search), so word forms are exactly the
 * database's (the reading of the last thousand texts is kept). The result is the one the SQL of shop.repo.ts gives (the tests compare both); a
 * query form this module does not evaluate makes `list` return null and the caller uses the SQL.
 *
 * It is dropped with the public cache's `shop` tag (every product or stock write, on every
 * instance through the cache bus) and, with several instances, after the cache's TTL, so it is
 * never older than a cached catalogue reply would be.
 */
import { availableNow, type ShopSort } from '@atelier/shared';
import type { PublicCache } from '../../platform/http/public-cache';
import type { IndexRow, ProductFilter, ProductRow, ShopRepo } from './shop.repo';
import { TYPO_MIN_LENGTH, TYPO_SIMILARITY } from './shop.repo';
import { SHOP_CACHE_TAG } from './shop.schemas';
import {
  matches,
  nameVariants,
  oneEditQuery,
  parseTsquery,
  parseTsvector,
  type Tsquery,
  type Tsvector,
  trigrams,
  wordSimilarity,
} from './shop.text-search';

interface Entry {
  row: ProductRow;
  nameVector: Tsvector;
  textVector: Tsvector;
  /** The names lower-cased by PostgreSQL (the `name_text` column). */
  nameText: string;
  nameTrigrams: string[];
  /** The name's words and stems and their one-letter-less forms, for the one-edit typo rule. */
  nameVariants: Set<string>;
  /** The descriptions in ru/en/es, lower-cased. */
  descriptions: string[];
  /** The name sort key (see shop.repo.ts), as PostgreSQL computed it. */
  nameKey: string;
  createdAtMicros: number;
}

type Compare = (a: Entry, b: Entry) => number;

/** Search texts whose reading (tsquery) is kept, the oldest dropped first. */
const READ_TEXTS_KEPT = 1000;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId: Compare = (a, b) => byText(a.row.id, b.row.id);

/** The `recommended` group of a product, as `recommendedGroup` in shop.repo.ts. */
function recommendedGroup({ row }: Entry): number {
  if (row.position !== null) return 0;
  if (!availableNow(row)) return 3;
  return row.subcategory === 'bouquets' ? 1 : 2;
}

const newest: Compare = (a, b) => b.createdAtMicros - a.createdAtMicros || -byId(a, b);

/** The same orders as ORDER_BY in shop.repo.ts. */
const ORDER: Record<ShopSort, Compare> = {
  recommended: (a, b) =>
    recommendedGroup(a) - recommendedGroup(b) || (a.row.position ?? 0) - (b.row.position ?? 0) || newest(a, b),
  newest,
  price_asc: (a, b) => a.row.priceRub - b.row.priceRub || byId(a, b),
  price_desc: (a, b) => b.row.priceRub - a.row.priceRub || byId(a, b),
  name: (a, b) => byText(a.nameKey, b.nameKey) || byId(a, b),
};

function toEntry(row: IndexRow): Entry | null {
  const { nameSearch, textSearch, nameText, nameKey, createdAtMicros, ...product } = row;
  const nameVector = parseTsvector(nameSearch);
  const textVector = parseTsvector(textSearch);
  if (!nameVector || !textVector) return null;
  return {
    row: product,
    nameVector,
    textVector,
    nameText,
    nameTrigrams: trigrams(nameText),
    nameVariants: nameVariants(nameText, nameVector.keys()),
    descriptions: [product.description.ru, product.description.en, product.description.es].map((d) =>
      (d ?? '').toLowerCase(),
    ),
    nameKey,
    createdAtMicros,
  };
}

interface Search {
  query: Tsquery;
  lower: string;
  typo: string[] | null;
  oneEdit: string[] | null;
}

function nameMatches(entry: Entry, search: Search): boolean {
  return (
    matches(entry.nameVector, search.query) ||
    entry.nameText.includes(search.lower) ||
    (search.typo !== null && wordSimilarity(search.typo, entry.nameTrigrams) >= TYPO_SIMILARITY) ||
    search.oneEdit?.some((variant) => entry.nameVariants.has(variant)) === true
  );
}

function textMatches(entry: Entry, search: Search): boolean {
  return matches(entry.textVector, search.query) || entry.descriptions.some((d) => d.includes(search.lower));
}

export interface CatalogueIndex {
  /** The listed products filtered, sorted and paged as `repo.list` would; null: use the SQL. */
  list(
    filter: ProductFilter,
    sort: ShopSort,
    page: { offset: number; limit: number },
  ): Promise<{ rows: ProductRow[]; total: number } | null>;
}

export function createCatalogueIndex({
  repo,
  cache,
  ttlMs = Number.POSITIVE_INFINITY,
}: {
  repo: Pick<ShopRepo, 'indexRows' | 'stemmedQuery'>;
  /** Its `shop` tag drops the index (locally and when another instance's write is relayed). */
  cache?: Pick<PublicCache, 'onDrop'>;
  /** How long an index may serve without a drop (the public cache's TTL with several instances). */
  ttlMs?: number;
}): CatalogueIndex {
  // Reading a text with the language configurations depends on the text alone, so what PostgreSQL
  // made of the recent ones is kept (not the matches: those are computed per request).
  const readTexts = new Map<string, Tsquery | null>();
  async function readText(text: string): Promise<Tsquery | null> {
    const known = readTexts.get(text);
    if (known !== undefined) return known;
    const query = parseTsquery(await repo.stemmedQuery(text));
    if (readTexts.size >= READ_TEXTS_KEPT) readTexts.delete(readTexts.keys().next().value as string);
    readTexts.set(text, query);
    return query;
  }

  let generation = 0;
  let current: { entries: Entry[] | null; loadedAt: number } | null = null;
  let loading: { generation: number; promise: Promise<Entry[] | null> } | null = null;

  cache?.onDrop((tag) => {
    if (tag === null || tag === SHOP_CACHE_TAG) {
      generation += 1;
      current = null;
    }
  });

  function load(): Promise<Entry[] | null> {
    const started = generation;
    const promise = repo.indexRows().then((rows) => {
      const entries: Entry[] = [];
      for (const row of rows) {
        const entry = toEntry(row);
        // A tsvector this module cannot read: leave the whole catalogue to the SQL.
        if (!entry) return null;
        entries.push(entry);
      }
      if (started === generation) current = { entries, loadedAt: Date.now() };
      return entries;
    });
    loading = { generation: started, promise };
    void promise.finally(() => {
      if (loading?.promise === promise) loading = null;
    });
    return promise;
  }

  function entries(): Promise<Entry[] | null> {
    if (current && Date.now() - current.loadedAt < ttlMs) return Promise.resolve(current.entries);
    if (loading && loading.generation === generation) return loading.promise;
    return load();
  }

  return {
    async list(filter, sort, page) {
      const all = await entries();
      if (!all) return null;
      let search: Search | null = null;
      if (filter.search) {
        const query = await readText(filter.search);
        if (!query) return null;
        const lower = filter.search.toLowerCase();
        search = {
          query,
          lower,
          typo: [...lower].length >= TYPO_MIN_LENGTH ? trigrams(lower) : null,
          oneEdit: oneEditQuery(lower),
        };
      }
      const found: { entry: Entry; byName: boolean }[] = [];
      for (const entry of all) {
        const { row } = entry;
        if (filter.category && row.category !== filter.category) continue;
        if (filter.subcategory && row.subcategory !== filter.subcategory) continue;
        if (filter.minPriceRubMinor !== undefined && row.priceRub < filter.minPriceRubMinor) continue;
        if (filter.maxPriceRubMinor !== undefined && row.priceRub > filter.maxPriceRubMinor) continue;
        if (filter.soldIn === 'EUR' && row.priceEur === null) continue;
        if (filter.soldIn === 'USD' && row.priceUsd === null) continue;
        if (!search) {
          found.push({ entry, byName: true });
          continue;
        }
        const byName = nameMatches(entry, search);
        if (byName || textMatches(entry, search)) found.push({ entry, byName });
      }
      const order = ORDER[sort];
      found.sort((a, b) => Number(b.byName) - Number(a.byName) || order(a.entry, b.entry));
      return {
        rows: found.slice(page.offset, page.offset + page.limit).map(({ entry }) => entry.row),
        total: found.length,
      };
    },
  };
}
