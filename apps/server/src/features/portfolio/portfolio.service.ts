import type { ListMeta, PortfolioItem, PortfolioQuery } from '@atelier/shared';
import { NotFound } from '../../platform/errors';
import type { PortfolioRepo, PortfolioRow } from './portfolio.repo';

function toItem(row: PortfolioRow): PortfolioItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    images: row.images,
    // An index left pointing past the list (an image was removed) falls back to the first image.
    mainImageIndex: row.mainImageIndex < row.images.length ? row.mainImageIndex : 0,
    linkedProductId: row.linkedProductId,
  };
}

export function createPortfolioService({ repo }: { repo: PortfolioRepo }) {
  return {
    async list(query: PortfolioQuery): Promise<{ items: PortfolioItem[]; meta: ListMeta }> {
      const { rows, total } = await repo.list(query.category === 'all' ? undefined : query.category, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: rows.map(toItem), meta: { total, page: query.page, limit: query.limit } };
    },

    async get(id: string): Promise<PortfolioItem> {
      const row = await repo.findById(id);
      if (!row) throw new NotFound();
      return toItem(row);
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
