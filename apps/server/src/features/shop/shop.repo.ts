import type { ProductCategory, ProductSubcategory, ShopSort } from '@atelier/shared';
import { and, asc, count, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

export interface ProductFilter {
  category?: ProductCategory;
  subcategory?: ProductSubcategory;
  /** Raw user text; matched as a literal substring (LIKE wildcards escaped here). */
  search?: string;
  minPriceRubMinor?: number;
  maxPriceRubMinor?: number;
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
  createdAt: products.createdAt,
};

export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof publicColumns>;

const SEARCH_LANGUAGES = ['ru', 'en', 'es'] as const;

/** `50%_off\` → `50\%\_off\\`: the user's text is a literal, never a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Name sort key: case-insensitive, and ё sorts with е as Russian readers expect (the database
 * collation may be plain code-point order, as on PGlite's C locale).
 */
const nameSortKey = sql`replace(lower(${products.name}->>'ru'), 'ё', 'е')`;

export const ORDER_BY: Record<ShopSort, SQL[]> = {
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
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      or(
        ...SEARCH_LANGUAGES.flatMap((lang) => [
          sql`${products.name}->>${lang} ilike ${pattern}`,
          sql`${products.description}->>${lang} ilike ${pattern}`,
        ]),
      ),
    );
  }
  return conditions;
}

function listedWhere(filter: ProductFilter): SQL | undefined {
  return and(isNull(products.archivedAt), ...filterConditions(filter));
}

export function createShopRepo(db: Db) {
  return {
    async list(
      filter: ProductFilter,
      sort: ShopSort,
      page: { offset: number; limit: number },
    ): Promise<{ rows: ProductRow[]; total: number }> {
      const where = listedWhere(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select(publicColumns)
          .from(products)
          .where(where)
          .orderBy(...ORDER_BY[sort])
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(products).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** A product that is still listed (not archived), or null. */
    async findListed(id: string): Promise<ProductRow | null> {
      const [row] = await db
        .select(publicColumns)
        .from(products)
        .where(and(eq(products.id, id), isNull(products.archivedAt)))
        .limit(1);
      return row ?? null;
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
