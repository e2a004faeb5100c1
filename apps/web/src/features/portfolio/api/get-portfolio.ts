import { PORTFOLIO_HOME_LIMIT, type PortfolioCategory, type PortfolioItem } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export type PortfolioFilter = 'all' | PortfolioCategory;

export const fetchPortfolio = (category: PortfolioFilter, limit = PORTFOLIO_HOME_LIMIT) =>
  apiGet<PortfolioItem[]>('/portfolio', { category, limit });

export const portfolioQueryOptions = (category: PortfolioFilter, limit = PORTFOLIO_HOME_LIMIT) =>
  queryOptions({ queryKey: ['portfolio', 'list', category, limit], queryFn: () => fetchPortfolio(category, limit) });

export function usePortfolio(category: PortfolioFilter) {
  return useQuery({ ...portfolioQueryOptions(category), placeholderData: keepPreviousData });
}
