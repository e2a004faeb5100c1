import type { AdminArchiveFilter, Availability, ProductCategory, ProductWrite } from '@atelier/shared';
import type { shopAdminContract } from '@atelier/shared/shop-admin.contract';
import { shopAdminRouteTable } from '@atelier/shared/shop-admin.routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminScope } from '../../../shared/api/query-keys';
import { shopAdminApi } from '../../../shared/api/routes/shop-admin';
import { type UploadProgress, uploads } from '../../../shared/api/upload';
import { shopKeys } from './keys';

const shopUploads = uploads<typeof shopAdminContract, 'create' | 'put'>(shopAdminRouteTable, ['create', 'put']);

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
  const { data, meta } = await shopAdminApi.listAdminShop({ query }, { signal });
  return { items: data, total: meta?.total ?? data.length };
}

export const adminProductsQueryOptions = (params: AdminShopParams) =>
  queryOptions({
    queryKey: shopKeys.admin(params),
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
  const form = { data: fields, files: { images, file }, onProgress };
  return id ? shopUploads.put({ params: { id } }, form) : shopUploads.create({}, form);
}

export const deleteProduct = (id: string) => shopAdminApi.delete({ params: { id } });

function useInvalidateShop() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: shopKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminScope.all });
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
