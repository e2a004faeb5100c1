import { PORTFOLIO_HOME_LIMIT, type PortfolioCategory } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portfolioApi } from '../../../shared/api/routes/portfolio';
import { portfolioKeys } from './keys';

export type PortfolioFilter = 'all' | PortfolioCategory;

export const fetchPortfolio = (category: PortfolioFilter, limit = PORTFOLIO_HOME_LIMIT) =>
  portfolioApi.list({ query: { category, limit } }).then((reply) => reply.data);

export const portfolioQueryOptions = (category: PortfolioFilter, limit = PORTFOLIO_HOME_LIMIT) =>
  queryOptions({ queryKey: portfolioKeys.list(category, limit), queryFn: () => fetchPortfolio(category, limit) });

export function usePortfolio(category: PortfolioFilter) {
  return useQuery({ ...portfolioQueryOptions(category), placeholderData: keepPreviousData });
}
