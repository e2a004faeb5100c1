import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../shared/api/client';
import { saveFile } from '../../../shared/files/save-file';

/** GET /user/export: everything the shop keeps about the user, as a JSON file (bearer token sent). */
export async function exportMyData(): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const { blob, filename } = await apiDownload('/user/export', `atelier-my-data-${today}.json`);
  saveFile(blob, filename);
  return filename;
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData });
}
