import type { PortfolioItem } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export const fetchPortfolioItem = (id: string) => apiGet<PortfolioItem>(`/portfolio/${encodeURIComponent(id)}`);

export const portfolioItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['portfolio', 'item', id], queryFn: () => fetchPortfolioItem(id) });

export function usePortfolioItem(id: string | null, initial?: PortfolioItem) {
  return useQuery({ ...portfolioItemQueryOptions(id ?? ''), enabled: id !== null, initialData: initial });
}
