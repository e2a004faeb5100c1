import { z } from 'zod';

/** The error codes of the `{ success: false, code }` envelope. Later features add theirs here so web and server agree. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'CAPTCHA_INVALID',
  'INVALID_CODE',
  'CODE_LOCKED',
  'CODE_EXPIRED',
  'INVALID_TOKEN',
  'INVALID_PASSWORD',
  'PASSWORD_TOO_COMMON',
  'CONSENT_REQUIRED',
  'LEGAL_VERSION_UNKNOWN',
  'LEGAL_VERSION_STALE',
  'LEGAL_VERSION_CONFLICT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

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
