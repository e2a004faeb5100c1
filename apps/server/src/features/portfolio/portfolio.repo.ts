import type { Image, LocalizedText, PortfolioCategory } from '@atelier/shared';
import { and, asc, count, eq, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { portfolioItems, products } from '../../db/schema';

const columns = {
  id: portfolioItems.id,
  title: portfolioItems.title,
  description: portfolioItems.description,
  category: portfolioItems.category,
  images: portfolioItems.images,
  mainImageIndex: portfolioItems.mainImageIndex,
  // The "order similar" button must not lead to a product that was archived: only a listed
  // product counts as linked (joined in the same query).
  linkedProductId: products.id,
};

export type PortfolioRow = {
  id: string;
  title: typeof portfolioItems.$inferSelect.title;
  description: typeof portfolioItems.$inferSelect.description;
  category: PortfolioCategory;
  images: typeof portfolioItems.$inferSelect.images;
  mainImageIndex: number;
  linkedProductId: string | null;
};

export interface PortfolioWrite {
  title: LocalizedText;
  description: LocalizedText;
  category: PortfolioCategory;
  images: Image[];
  mainImageIndex: number;
  linkedProductId: string | null;
}

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createPortfolioRepo(db: Db | Tx) {
  const select = () =>
    db
      .select(columns)
      .from(portfolioItems)
      .leftJoin(products, and(eq(products.id, portfolioItems.linkedProductId), isNull(products.archivedAt)));

  return {
    async list(
      category: PortfolioCategory | undefined,
      page: { offset: number; limit: number },
      search?: string,
    ): Promise<{ rows: PortfolioRow[]; total: number }> {
      const filters: SQL[] = [];
      if (category) filters.push(eq(portfolioItems.category, category));
      // Titles and descriptions in every language (the jsonb as text).
      if (search)
        filters.push(
          sql`(${portfolioItems.title}::text || ' ' || ${portfolioItems.description}::text) ilike ${likePattern(search)}`,
        );
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [totals]] = await Promise.all([
        select()
          .where(where)
          // The admin's order; equal positions keep the order they were added in; id keeps pages stable.
          .orderBy(asc(portfolioItems.sortOrder), asc(portfolioItems.createdAt), asc(portfolioItems.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(portfolioItems).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findById(id: string): Promise<PortfolioRow | null> {
      const [row] = await select().where(eq(portfolioItems.id, id)).limit(1);
      return row ?? null;
    },

    /** The stored images of an item, locked for the rest of the transaction (null = no such item). */
    async lockImages(id: string): Promise<Image[] | null> {
      const [row] = await db
        .select({ images: portfolioItems.images })
        .from(portfolioItems)
        .where(eq(portfolioItems.id, id))
        .for('update');
      return row ? row.images : null;
    },

    /** A listed (not archived) product: what "order similar" may link to. Read-only. */
    async productIsListed(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), isNull(products.archivedAt)))
        .limit(1);
      return row !== undefined;
    },

    /** New items go after the others. */
    async insert(values: PortfolioWrite): Promise<string> {
      const [last] = await db.select({ position: max(portfolioItems.sortOrder) }).from(portfolioItems);
      const [row] = await db
        .insert(portfolioItems)
        .values({ ...values, sortOrder: (last?.position ?? -1) + 1 })
        .returning({ id: portfolioItems.id });
      return row!.id;
    },

    async update(id: string, values: PortfolioWrite): Promise<boolean> {
      const rows = await db
        .update(portfolioItems)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(portfolioItems.id, id))
        .returning({ id: portfolioItems.id });
      return rows.length > 0;
    },

    /** Deletes the item; its images for the caller to remove (null = no such item). */
    async delete(id: string): Promise<Image[] | null> {
      const [row] = await db
        .delete(portfolioItems)
        .where(eq(portfolioItems.id, id))
        .returning({ images: portfolioItems.images });
      return row ? row.images : null;
    },
  };
}
export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
