/**
 * The codes of the `{ success: false, code, message }` envelope: the common ones here, each
 * feature's own in `<feature>.errors.ts` beside its contract, merged below. Zod-free, like those
 * files: the web's first paint reads it (the API client checks a reply's code).
 */
import { AUTH_ERRORS } from './auth.errors';
import { CDEK_ERRORS } from './cdek.errors';
import { CERTIFICATES_ERRORS } from './certificates.errors';
import { CHECKOUT_ERRORS } from './checkout.errors';
import { COURSES_ERRORS } from './courses.errors';
import { CUSTOM_ORDERS_ERRORS } from './custom-orders.errors';
import { FAVOURITES_ERRORS } from './favourites.errors';
import { GIFT_CERTIFICATES_ERRORS } from './gift-certificates.errors';
import { LEGAL_ERRORS } from './legal.errors';
import { LESSONS_ERRORS } from './lessons.errors';
import { ORDERS_ERRORS } from './orders.errors';
import { PAYMENTS_ERRORS } from './payments.errors';
import { PROMO_CODES_ERRORS } from './promo-codes.errors';
import { RECEIPTS_ERRORS } from './receipts.errors';
import { REVIEWS_ERRORS } from './reviews.errors';
import { SHOP_ERRORS } from './shop.errors';
import { STOCK_ALERTS_ERRORS } from './stock-alerts.errors';
import { STUDENT_WORKS_ERRORS } from './student-works.errors';

/** The codes any feature may answer with: the error handler's own and the platform's. */
export const COMMON_ERRORS = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'REQUEST_TIMEOUT',
  'RANGE_NOT_SATISFIABLE',
  'IMAGE_TOO_MANY_PIXELS',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

/** Every error code by the feature that declares it; a code is in one list only (`error-codes.test.ts`). */
export const ERRORS_BY_FEATURE = {
  common: COMMON_ERRORS,
  auth: AUTH_ERRORS,
  legal: LEGAL_ERRORS,
  checkout: CHECKOUT_ERRORS,
  orders: ORDERS_ERRORS,
  payments: PAYMENTS_ERRORS,
  receipts: RECEIPTS_ERRORS,
  cdek: CDEK_ERRORS,
  lessons: LESSONS_ERRORS,
  courses: COURSES_ERRORS,
  certificates: CERTIFICATES_ERRORS,
  'gift-certificates': GIFT_CERTIFICATES_ERRORS,
  'promo-codes': PROMO_CODES_ERRORS,
  'custom-orders': CUSTOM_ORDERS_ERRORS,
  shop: SHOP_ERRORS,
  favourites: FAVOURITES_ERRORS,
  'stock-alerts': STOCK_ALERTS_ERRORS,
  reviews: REVIEWS_ERRORS,
  'student-works': STUDENT_WORKS_ERRORS,
} as const;

/**
 * The `code` of the `{ success: false, code }` envelope: a closed union, so the server cannot throw
 * (nor the web compare against) a code no list declares. The envelope schema still reads any string:
 * a newer server's code must not break an older page (the web falls back, `isErrorCode`).
 */
export type ErrorCode = (typeof ERRORS_BY_FEATURE)[keyof typeof ERRORS_BY_FEATURE][number];
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERRORS_BY_FEATURE).flat();

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
/** Whether a reply's code is one this build declares (a newer server may send one it does not). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}
