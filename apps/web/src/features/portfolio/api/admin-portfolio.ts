import type { PortfolioInput } from '@atelier/shared';
import type { portfolioContract } from '@atelier/shared/portfolio.contract';
import { portfolioRouteTable } from '@atelier/shared/portfolio.routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminScope } from '../../../shared/api/query-keys';
import { portfolioApi } from '../../../shared/api/routes/portfolio';
import { type UploadProgress, uploads } from '../../../shared/api/upload';

const portfolioUploads = uploads<typeof portfolioContract, 'createAdminPortfolio' | 'putAdminPortfolio'>(
  portfolioRouteTable,
  ['createAdminPortfolio', 'putAdminPortfolio'],
);

import type { PortfolioFilter } from './get-portfolio';
import { portfolioKeys } from './keys';

export interface AdminPortfolioParams {
  category: PortfolioFilter;
  search: string;
  page: number;
  limit: number;
}

/** GET /admin/portfolio: every item with search and pages. */
export async function fetchAdminPortfolio(params: AdminPortfolioParams, signal?: AbortSignal) {
  const { data, meta } = await portfolioApi.listAdminPortfolio({ query: { ...params } }, { signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminPortfolioQueryOptions = (params: AdminPortfolioParams) =>
  queryOptions({
    queryKey: portfolioKeys.admin(params),
    queryFn: ({ signal }) => fetchAdminPortfolio(params, signal),
    staleTime: 0,
  });

export function useAdminPortfolio(params: AdminPortfolioParams) {
  return useQuery({ ...adminPortfolioQueryOptions(params), placeholderData: keepPreviousData });
}

export interface SavePortfolioInput {
  id: string | null;
  fields: PortfolioInput;
  files: File[];
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /admin/portfolio or PUT /admin/portfolio/{id}: multipart `data` + `images` files. */
export async function savePortfolioItem({ id, fields, files, onProgress }: SavePortfolioInput) {
  const form = { data: fields, files: { images: files }, onProgress };
  return id
    ? portfolioUploads.putAdminPortfolio({ params: { id } }, form)
    : portfolioUploads.createAdminPortfolio({}, form);
}

export const deletePortfolioItem = (id: string) => portfolioApi.deleteAdminPortfolio({ params: { id } });

function useInvalidatePortfolio() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminScope.all });
  };
}

export function useSavePortfolioItem() {
  const invalidate = useInvalidatePortfolio();
  return useMutation({ mutationFn: savePortfolioItem, onSuccess: invalidate });
}

export function useDeletePortfolioItem() {
  const invalidate = useInvalidatePortfolio();
  return useMutation({ mutationFn: deletePortfolioItem, onSuccess: invalidate });
}
