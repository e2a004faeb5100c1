import type { PortfolioCategory } from '@atelier/shared';
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

export function createPortfolioRepo(db: Db) {
  const select = () =>
    db
      .select(columns)
      .from(portfolioItems)
      .leftJoin(products, and(eq(products.id, portfolioItems.linkedProductId), isNull(products.archivedAt)));

  return {
    async list(
      category: PortfolioCategory | undefined,
      page: { offset: number; limit: number },
    ): Promise<{ rows: PortfolioRow[]; total: number }> {
      const where: SQL | undefined = category ? eq(portfolioItems.category, category) : undefined;
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
  };
}
export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
