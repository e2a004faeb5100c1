/** Builders for the `{ success: true, data }` envelope so every route replies the same way. */
import type { ListMeta } from '@atelier/shared';

export function ok<T>(data: T, message?: string): { success: true; data: T; message?: string } {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export function list<T>(data: T[], meta: ListMeta): { success: true; data: T[]; meta: ListMeta } {
  return { success: true, data, meta };
}
