/**
 * Every keyed text the server sends, merged from one file per feature (`messages/<feature>.ts`,
 * like the web's `locales/<lang>/<feature>.json`): the messages of the error and success envelopes
 * (SERVER_MESSAGES, in the language of Accept-Language; the shared zod schemas give their keys, so
 * the web shows the same words) and the head texts of the pages (PAGE_TEXTS, see pages.ts).
 * A feature adds its texts to its own file. A key defined in two files is refused at load;
 * `messages.test.ts` checks every key has ru, en and es with the same placeholders.
 */
import type { Language } from './i18n';
import { ADMIN_PAGE_TEXTS } from './messages/admin';
import { AUTH_MESSAGES, AUTH_PAGE_TEXTS } from './messages/auth';
import { CART_MESSAGES, CART_PAGE_TEXTS } from './messages/cart';
import { CDEK_MESSAGES } from './messages/cdek';
import { CERTIFICATES_MESSAGES, CERTIFICATES_PAGE_TEXTS } from './messages/certificates';
import { COMMON_MESSAGES, COMMON_PAGE_TEXTS } from './messages/common';
import { COURSES_MESSAGES, COURSES_PAGE_TEXTS } from './messages/courses';
import { CUSTOM_ORDERS_MESSAGES, CUSTOM_ORDERS_PAGE_TEXTS } from './messages/custom-orders';
import { FAVOURITES_MESSAGES } from './messages/favourites';
import { GIFT_CERTIFICATES_MESSAGES, GIFT_CERTIFICATES_PAGE_TEXTS } from './messages/gift-certificates';
import { LANDING_MESSAGES, LANDING_PAGE_TEXTS } from './messages/landing';
import { LEGAL_MESSAGES, LEGAL_PAGE_TEXTS } from './messages/legal';
import { LESSONS_MESSAGES, LESSONS_PAGE_TEXTS } from './messages/lessons';
import { ORDERS_MESSAGES, ORDERS_PAGE_TEXTS } from './messages/orders';
import { PAYMENTS_MESSAGES, PAYMENTS_PAGE_TEXTS } from './messages/payments';
import { PORTFOLIO_MESSAGES } from './messages/portfolio';
import { PROGRESS_MESSAGES } from './messages/progress';
import { PROMO_CODE_MESSAGES } from './messages/promo-codes';
import { RECEIPTS_MESSAGES } from './messages/receipts';
import { REVIEWS_MESSAGES } from './messages/reviews';
import { SHOP_MESSAGES, SHOP_PAGE_TEXTS } from './messages/shop';
import { STOCK_ALERTS_MESSAGES, STOCK_ALERTS_PAGE_TEXTS } from './messages/stock-alerts';
import { STUDENT_WORKS_MESSAGES } from './messages/student-works';
import { USERS_MESSAGES, USERS_PAGE_TEXTS } from './messages/users';

export { CONSENT_SOURCE_LABELS, LEGAL_KIND_LABELS } from './messages/legal';
export {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  SHIP_CARRIER_LABELS,
  TRACKING_CARRIER_LABELS,
} from './messages/orders';

/** A union of objects as one object with every key of each (`A | B` → `A & B`). */
type AllOf<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;

/** One map of every file's entries; a key defined in two files is a bug, refused at load. */
export function mergeTextFiles<Files extends Record<string, object>>(files: Files): AllOf<Files[keyof Files]> {
  const merged: Record<string, unknown> = {};
  for (const [file, entries] of Object.entries(files)) {
    for (const [key, value] of Object.entries(entries)) {
      if (key in merged) throw new Error(`Text key "${key}" is defined twice (again in messages/${file})`);
      merged[key] = value;
    }
  }
  return merged as AllOf<Files[keyof Files]>;
}

/** The message files by feature. */
export const MESSAGES_BY_FEATURE = {
  common: COMMON_MESSAGES,
  auth: AUTH_MESSAGES,
  users: USERS_MESSAGES,
  landing: LANDING_MESSAGES,
  portfolio: PORTFOLIO_MESSAGES,
  reviews: REVIEWS_MESSAGES,
  shop: SHOP_MESSAGES,
  cart: CART_MESSAGES,
  orders: ORDERS_MESSAGES,
  payments: PAYMENTS_MESSAGES,
  lessons: LESSONS_MESSAGES,
  courses: COURSES_MESSAGES,
  'promo-codes': PROMO_CODE_MESSAGES,
  receipts: RECEIPTS_MESSAGES,
  cdek: CDEK_MESSAGES,
  favourites: FAVOURITES_MESSAGES,
  'stock-alerts': STOCK_ALERTS_MESSAGES,
  progress: PROGRESS_MESSAGES,
  certificates: CERTIFICATES_MESSAGES,
  legal: LEGAL_MESSAGES,
  'gift-certificates': GIFT_CERTIFICATES_MESSAGES,
  'student-works': STUDENT_WORKS_MESSAGES,
  'custom-orders': CUSTOM_ORDERS_MESSAGES,
};

export const SERVER_MESSAGES = mergeTextFiles(MESSAGES_BY_FEATURE);

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

export function serverMessage(key: ServerMessageKey, lang: Language): string {
  return SERVER_MESSAGES[key][lang];
}

/** The page head texts by feature. */
export const PAGE_TEXTS_BY_FEATURE = {
  common: COMMON_PAGE_TEXTS,
  landing: LANDING_PAGE_TEXTS,
  shop: SHOP_PAGE_TEXTS,
  cart: CART_PAGE_TEXTS,
  orders: ORDERS_PAGE_TEXTS,
  payments: PAYMENTS_PAGE_TEXTS,
  auth: AUTH_PAGE_TEXTS,
  users: USERS_PAGE_TEXTS,
  admin: ADMIN_PAGE_TEXTS,
  lessons: LESSONS_PAGE_TEXTS,
  courses: COURSES_PAGE_TEXTS,
  legal: LEGAL_PAGE_TEXTS,
  'stock-alerts': STOCK_ALERTS_PAGE_TEXTS,
  certificates: CERTIFICATES_PAGE_TEXTS,
  'gift-certificates': GIFT_CERTIFICATES_PAGE_TEXTS,
  'custom-orders': CUSTOM_ORDERS_PAGE_TEXTS,
};

/** Title and description of each page (pages.ts names the key); a page without a description uses home's. */
export const PAGE_TEXTS = mergeTextFiles(PAGE_TEXTS_BY_FEATURE);

export type PageTextKey = keyof typeof PAGE_TEXTS;
