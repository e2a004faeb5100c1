import type {
  AdminArchiveFilter,
  AdminProduct,
  Availability,
  ProductCategory,
  ProductDeleteResult,
  ProductWrite,
} from '@atelier/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { type UploadProgress, uploadForm } from '../../../shared/api/upload';

export interface AdminShopParams {
  search: string;
  category: ProductCategory | 'all';
  availability: Availability | 'all';
  archived: AdminArchiveFilter;
  page: number;
  limit: number;
}

/** GET /admin/shop: every product (archived too on request) with the public filters. */
export async function fetchAdminProducts(params: AdminShopParams, signal?: AbortSignal) {
  const query: Record<string, string | number> = {
    page: params.page,
    limit: params.limit,
    archived: params.archived,
  };
  if (params.search.trim()) query.search = params.search.trim();
  if (params.category !== 'all') query.category = params.category;
  if (params.availability !== 'all') query.availability = params.availability;
  const { data, meta } = await apiRequest<AdminProduct[]>('/admin/shop', { query, signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminProductsQueryOptions = (params: AdminShopParams) =>
  queryOptions({
    queryKey: ['shop', 'admin', params],
    queryFn: ({ signal }) => fetchAdminProducts(params, signal),
    staleTime: 0,
  });

export function useAdminProducts(params: AdminShopParams) {
  return useQuery({ ...adminProductsQueryOptions(params), placeholderData: keepPreviousData });
}

export interface SaveProductInput {
  id: string | null;
  fields: ProductWrite;
  images: File[];
  /** The digital book (PDF or EPUB), when a new one was picked. */
  file: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /shop or PUT /shop/{id}: multipart `data` + `images` + `file`. */
export function saveProduct({ id, fields, images, file, onProgress }: SaveProductInput) {
  return uploadForm<AdminProduct>(id ? `/shop/${encodeURIComponent(id)}` : '/shop', {
    method: id ? 'PUT' : 'POST',
    data: fields,
    files: { images, file },
    onProgress,
  });
}

export const deleteProduct = (id: string) =>
  apiRequest<ProductDeleteResult>(`/shop/${encodeURIComponent(id)}`, { method: 'DELETE' });

function useInvalidateShop() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['shop'] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
}

export function useSaveProduct() {
  const invalidate = useInvalidateShop();
  return useMutation({ mutationFn: saveProduct, onSuccess: invalidate });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateShop();
  return useMutation({ mutationFn: deleteProduct, onSuccess: invalidate });
}
