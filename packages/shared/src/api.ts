import { z } from 'zod';

/** The error envelope. `code` is an `ErrorCode` (error-codes.ts) but parsed as any string: see there. */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    meta: ListMetaSchema,
    message: z.string().optional(),
  });
}

export type Success<T> = { success: true; data: T; message?: string };
export type List<T> = { success: true; data: T[]; meta: ListMeta; message?: string };

export const MAX_PAGE_LIMIT = 100;
/** Common `page` / `limit` query; numbers may arrive as strings. */
export const PaginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(24),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export const IdParamSchema = z.object({ id: z.uuid() });
