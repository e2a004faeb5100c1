import type { PortfolioCategory } from '@atelier/shared';

export const portfolioKeys = {
  all: ['portfolio'] as const,
  list: (category: 'all' | PortfolioCategory, limit: number) =>
    [...portfolioKeys.all, 'list', category, limit] as const,
  /** One piece (the custom-order form starts from it). */
  item: (id: string | null) => [...portfolioKeys.all, 'item', id] as const,
  admin: (params: object) => [...portfolioKeys.all, 'admin', params] as const,
};
