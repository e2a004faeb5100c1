import type { Currency, LocalizedText, ProductCategory, ProductSubcategory, ShopSort } from '@atelier/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, products, productVariants, removedProducts } from '../../db/schema';
import { escapeLike } from '../../platform/sql-text';
import { ONE_EDIT_MIN_NAME_WORD, oneEditQuery, WORD_BREAKS } from './shop.text-search';

export interface ProductFilter {
  category?: ProductCategory;
  subcategory?: ProductSubcategory;
  /** Raw user text: word forms, literal substrings and small typos (see searchMatch). */
  search?: string;
  minPriceRubMinor?: number;
  maxPriceRubMinor?: number;
  /** Only products with their own price in this currency (every product has a RUB price). */
  soldIn?: 'EUR' | 'USD';
}

/**
 * Every public column of a product. The digital book's private storage ref is deliberately not
 * selected, so it can never leak into a reply.
 */
const publicColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceRub: products.priceRub,
  priceEur: products.priceEur,
  priceUsd: products.priceUsd,
  category: products.category,
  subcategory: products.subcategory,
  availability: products.availability,
  stock: products.stock,
  bookFormats: products.bookFormats,
  images: products.images,
  size: products.size,
  materials: products.materials,
  care: products.care,
  position: products.position,
  options: products.options,
  createdAt: products.createdAt,
};

export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof publicColumns>;

const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  optionValues: productVariants.optionValues,
  priceRub: productVariants.priceRub,
  priceEur: productVariants.priceEur,
  priceUsd: productVariants.priceUsd,
  availability: productVariants.availability,
  stock: productVariants.stock,
  images: productVariants.images,
};
export type VariantRow = Pick<typeof productVariants.$inferSelect, keyof typeof variantColumns>;

/** A listed product with what the in-memory catalogue index (shop.catalogue.ts) searches and sorts by. */
export type IndexRow = ProductRow & {
  nameSearch: string;
  textSearch: string;
  nameText: string;
  nameKey: string;
  createdAtMicros: number;
};

const SEARCH_LANGUAGES = ['ru', 'en', 'es'] as const;

/**
 * Name sort key: case-insensitive, and ё sorts with е as Russian readers expect (the database
 * collation may be plain code-point order, as on PGlite's C locale).
 */
const nameSortKey = sql`replace(lower(${products.name}->>'ru'), 'ё', 'е')`;

/**
 * The `recommended` groups (see SHOP_SORTS): 0 placed by the owner, 1 a bouquet that can be bought
 * now, 2 anything else that can, 3 the rest. `availableNow` in SQL: in stock and not counted out.
 */
const recommendedGroup = sql`case
  when ${products.position} is not null then 0
  when ${products.availability} = 'in_stock' and coalesce(${products.stock}, 1) <> 0
    then case when ${products.subcategory} = 'bouquets' then 1 else 2 end
  else 3 end`;

export const ORDER_BY: Record<ShopSort, SQL[]> = {
  recommended: [
    asc(recommendedGroup),
    sql`${products.position} asc nulls last`,
    desc(products.createdAt),
    desc(products.id),
  ],
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.priceRub), asc(products.id)],
  price_desc: [desc(products.priceRub), asc(products.id)],
  name: [asc(nameSortKey), asc(products.id)],
};

/** Filter conditions shared by the public list (archived hidden) and the admin list. */
export function filterConditions(filter: ProductFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.subcategory) conditions.push(eq(products.subcategory, filter.subcategory));
  if (filter.minPriceRubMinor !== undefined) conditions.push(gte(products.priceRub, filter.minPriceRubMinor));
  if (filter.maxPriceRubMinor !== undefined) conditions.push(lte(products.priceRub, filter.maxPriceRubMinor));
  if (filter.soldIn === 'EUR') conditions.push(isNotNull(products.priceEur));
  if (filter.soldIn === 'USD') conditions.push(isNotNull(products.priceUsd));
  if (filter.search) conditions.push(searchMatch(filter.search));
  return conditions;
}

/**
 * A name within this word similarity of the search text (pg_trgm: shared trigrams of the text and
 * the best-matching stretch of the name) counts as a match: one wrong, missing or extra letter in a
 * word of five or more letters ("хризантемма", "peonie") still finds it.
 */
export const TYPO_SIMILARITY = 0.5;
/** Shorter texts share too few trigrams with anything to tell a typo from another word. */
export const TYPO_MIN_LENGTH = 5;

/** The user's words stemmed by each language's rules, OR-ed: "розы" finds "роза", "roses" "rose". */
const stemmedQuery = (text: string): SQL =>
  sql`(websearch_to_tsquery('russian', ${text}) || websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('spanish', ${text}))`;

/**
 * A word or stem of the name one edit from the one-word search text (`oneEditQuery`): some word or
 * stem of the name, or it with one letter left out, is one of the text's variants (`nameVariants`).
 */
function oneEditMatch(variants: string[]): SQL {
  const spaces = ' '.repeat([...WORD_BREAKS].length);
  return sql`exists (select 1 from (
      select unnest(string_to_array(translate(${products.nameText}, ${WORD_BREAKS}, ${spaces}), ' '))
      union all select unnest(tsvector_to_array(${products.nameSearch}))
    ) as w(word)
    cross join generate_series(0, char_length(w.word)) as g(i)
    where char_length(w.word) >= ${ONE_EDIT_MIN_NAME_WORD}
      and (case when g.i = 0 then w.word else overlay(w.word placing '' from g.i for 1) end) in (${sql.join(
        variants.map((variant) => sql`${variant}`),
        sql`, `,
      )}))`;
}

function nameMatch(text: string): SQL {
  const lower = text.toLowerCase();
  const typo =
    [...lower].length >= TYPO_MIN_LENGTH
      ? sql` or word_similarity(${lower}, ${products.nameText}) >= ${TYPO_SIMILARITY}`
      : sql``;
  const variants = oneEditQuery(lower);
  const oneEdit = variants ? sql` or ${oneEditMatch(variants)}` : sql``;
  return sql`(${products.nameSearch} @@ ${stemmedQuery(text)} or ${products.nameText} like ${`%${escapeLike(lower)}%`}${typo}${oneEdit})`;
}

/**
 * The shop search: word forms in ru/en/es (full-text, stemmed), a literal substring of a name or
 * description (LIKE wildcards escaped), or a name with a small typo (trigrams for longer texts, one
 * edit of a name's word for a one-word text of four letters or more).
 */
export function searchMatch(text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return sql`(${nameMatch(text)} or ${products.textSearch} @@ ${stemmedQuery(text)} or ${or(
    ...SEARCH_LANGUAGES.map((lang) => sql`${products.description}->>${lang} ilike ${pattern}`),
  )})`;
}

/** With a search, products whose name matches come before those matched by description only. */
function searchRank(filter: ProductFilter): SQL[] {
  return filter.search ? [sql`case when ${nameMatch(filter.search)} then 0 else 1 end`] : [];
}

function listedWhere(filter: ProductFilter): SQL | undefined {
  return and(isNull(products.archivedAt), ...filterConditions(filter));
}

/** Orders whose goods count as sold: paid, and on their way or delivered. */
const SOLD_STATUSES = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

const PRICE_COLUMN = { RUB: products.priceRub, EUR: products.priceEur, USD: products.priceUsd } as const;

/**
 * Which products the home page may show: `picked` = the owner's featured ones that can still be
 * ordered (in stock or made to order); `inStock` = any product that can be bought from stock now.
 */
export type FeaturedChoice = 'picked' | 'inStock';

/** A product that can still be ordered: in stock or made to order, and its counted stock not run out. */
const orderable = and(ne(products.availability, 'out_of_stock'), or(isNull(products.stock), gt(products.stock, 0)));

/** What a removed product's old link still says of it. */
export interface RemovedProductRow {
  id: string;
  name: LocalizedText;
  category: ProductCategory;
}

export function createShopRepo(db: Db) {
  return {
    async list(
      filter: ProductFilter,
      sort: ShopSort,
      page: { offset: number; limit: number },
    ): Promise<{ rows: ProductRow[]; total: number }> {
      const where = listedWhere(filter);
      // One round trip: the total rides on every row (a window over the filtered set). Only a page
      // past the end, which has no rows to carry it, asks for the count on its own.
      const found = await db
        .select({ ...publicColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(products)
        .where(where)
        .orderBy(...searchRank(filter), ...ORDER_BY[sort])
        .limit(page.limit)
        .offset(page.offset);
      if (found.length === 0 && page.offset > 0) {
        const [totals] = await db.select({ total: count() }).from(products).where(where);
        return { rows: [], total: totals?.total ?? 0 };
      }
      const rows = found.map(({ total: _total, ...row }) => row);
      return { rows, total: found[0]?.total ?? 0 };
    },

    /** Every listed product with its search vectors and sort keys, for the catalogue index. */
    async indexRows(): Promise<IndexRow[]> {
      return db
        .select({
          ...publicColumns,
          nameSearch: sql<string>`${products.nameSearch}::text`,
          textSearch: sql<string>`${products.textSearch}::text`,
          nameText: sql<string>`coalesce(${products.nameText}, '')`,
          nameKey: sql<string>`coalesce(${nameSortKey}, '')`,
          createdAtMicros: sql<number>`floor(extract(epoch from ${products.createdAt}) * 1000000)::float8`.mapWith(
            Number,
          ),
        })
        .from(products)
        .where(isNull(products.archivedAt));
    },

    /** The customer's text read by the ru/en/es configurations, OR-ed, as tsquery text. */
    async stemmedQuery(text: string): Promise<string> {
      const result = await db.execute(sql`select (${stemmedQuery(text)})::text as query`);
      const [row] = (result as unknown as { rows: { query: string | null }[] }).rows;
      return row?.query ?? '';
    },

    /** A product that is still listed (not archived), or null. */
    /** A product's variants in the owner's order (the default one first among equals). */
    async variantsOf(productId: string): Promise<VariantRow[]> {
      return db
        .select(variantColumns)
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .orderBy(asc(productVariants.position), asc(productVariants.createdAt), asc(productVariants.id));
    },

    async findListed(id: string): Promise<ProductRow | null> {
      const [row] = await db
        .select(publicColumns)
        .from(products)
        .where(and(eq(products.id, id), isNull(products.archivedAt)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Listed products sold in `currency` for the home page, best sellers first (units in orders
     * that were paid), then the newest. The order tables are only read here (docs/decisions/0055).
     */
    async featured(choice: FeaturedChoice, currency: Currency, limit: number): Promise<ProductRow[]> {
      const sold = db
        .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})`.as('units') })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.type, 'product'), inArray(orders.status, [...SOLD_STATUSES])))
        .groupBy(orderItems.productId)
        .as('sold');
      const orderable =
        choice === 'picked'
          ? and(eq(products.featured, true), ne(products.availability, 'out_of_stock'))
          : eq(products.availability, 'in_stock');
      return db
        .select(publicColumns)
        .from(products)
        .leftJoin(sold, eq(sold.productId, products.id))
        .where(
          and(
            isNull(products.archivedAt),
            isNotNull(PRICE_COLUMN[currency]),
            orderable,
            // Counted stock that ran out wins over the availability the admin set.
            or(isNull(products.stock), gt(products.stock, 0)),
          ),
        )
        .orderBy(desc(sql`coalesce(${sold.units}, 0)`), desc(products.createdAt), desc(products.id))
        .limit(limit);
    },

    /**
     * A product the owner removed: archived (its row kept for its orders) or deleted for good (its
     * tombstone); null when the id never named a product, or names one still listed.
     */
    async findRemoved(id: string): Promise<RemovedProductRow | null> {
      const [archived] = await db
        .select({ id: products.id, name: products.name, category: products.category })
        .from(products)
        .where(and(eq(products.id, id), isNotNull(products.archivedAt)))
        .limit(1);
      if (archived) return archived;
      const [deleted] = await db
        .select({ id: removedProducts.id, name: removedProducts.name, category: removedProducts.category })
        .from(removedProducts)
        .where(eq(removedProducts.id, id))
        .limit(1);
      return deleted ?? null;
    },

    /**
     * Listed products that can still be ordered, other than `exceptId`: those of `category` first,
     * then the others, the newest first within each.
     */
    async similar(category: ProductCategory, exceptId: string, limit: number): Promise<ProductRow[]> {
      return db
        .select(publicColumns)
        .from(products)
        .where(and(isNull(products.archivedAt), ne(products.id, exceptId), orderable))
        .orderBy(
          sql`case when ${products.category} = ${category} then 0 else 1 end`,
          desc(products.createdAt),
          desc(products.id),
        )
        .limit(limit);
    },

    /**
     * Every listed product, newest first, and every variant of a listed product in each product's
     * own order: two queries for the whole catalogue (the product feeds), whatever its size.
     */
    async listedWithVariants(): Promise<{ products: ProductRow[]; variants: (VariantRow & { productId: string })[] }> {
      const listed = await db
        .select(publicColumns)
        .from(products)
        .where(isNull(products.archivedAt))
        .orderBy(...ORDER_BY.newest);
      const variants = await db
        .select({ ...variantColumns, productId: productVariants.productId })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(isNull(products.archivedAt))
        .orderBy(asc(productVariants.position), asc(productVariants.createdAt), asc(productVariants.id));
      return { products: listed, variants };
    },

    async listedIds(): Promise<{ id: string; updatedAt: Date }[]> {
      return db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(isNull(products.archivedAt))
        .orderBy(desc(products.createdAt), desc(products.id));
    },
  };
}
export type ShopRepo = ReturnType<typeof createShopRepo>;
