import type { PortfolioInput, PortfolioItem } from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { type UploadProgress, uploadForm } from '../../../shared/api/upload';
import type { PortfolioFilter } from './get-portfolio';

export interface AdminPortfolioParams {
  category: PortfolioFilter;
  search: string;
  page: number;
  limit: number;
}

/** GET /admin/portfolio: every item with search and pages. */
export async function fetchAdminPortfolio(params: AdminPortfolioParams, signal?: AbortSignal) {
  const { data, meta } = await apiRequest<PortfolioItem[]>('/admin/portfolio', { query: { ...params }, signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminPortfolioQueryOptions = (params: AdminPortfolioParams) =>
  queryOptions({
    queryKey: ['portfolio', 'admin', params],
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
  return uploadForm<PortfolioItem>(id ? `/admin/portfolio/${encodeURIComponent(id)}` : '/admin/portfolio', {
    method: id ? 'PUT' : 'POST',
    data: fields,
    files: { images: files },
    onProgress,
  });
}

export const deletePortfolioItem = (id: string) =>
  apiRequest<{ id: string }>(`/admin/portfolio/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useInvalidatePortfolio() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
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
