import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../shared/api/client';
import { saveFile } from '../../../shared/files/save-file';
import type { AdminOrdersFilter } from './admin-orders';

/** `GET /admin/orders/export.csv` with the list's filters (not its page): every matching order. */
export async function exportOrdersCsv(filter: Omit<AdminOrdersFilter, 'page' | 'limit'>): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const query = params.toString();
  const today = new Date().toISOString().slice(0, 10);
  const { blob, filename } = await apiDownload(
    `/admin/orders/export.csv${query ? `?${query}` : ''}`,
    `orders-${today}.csv`,
  );
  saveFile(blob, filename);
  return filename;
}

export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
