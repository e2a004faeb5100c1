/**
 * What an owner's screen must not say: a setting name (UPPER_SNAKE), a code value printed as is
 * (in_stock, bank_transfer), a payment event name the server records (payment.succeeded…), "HLS",
 * "WebVTT" or a time zone identifier (Europe/Moscow).
 */
import type { Locator, Page } from 'playwright-core';
import { KNOWN_PAYMENT_EVENT_TYPES } from '../../apps/web/src/features/orders/admin/payment-event-sentence';

const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The event names the server records, as whole words (an e-mail or a domain never matches them). */
const EVENT_NAMES = new RegExp(
  `(?<![\\w.@-])(?:${KNOWN_PAYMENT_EVENT_TYPES.filter((type) => type.includes('.'))
    .map(escapeRegExp)
    .join('|')})(?![\\w.-])`,
  'g',
);
const TECHNICAL = /\bHLS\b|WebVTT|\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Z][A-Za-z_]+/g;
/** A code value printed as is (in_stock, bank_transfer, invoice_sent); e-mail names are left alone. */
const SNAKE_CODE = /(?<![\w.@/-])[a-z]+(?:_[a-z]+)+(?![\w@/-])/g;

/** Every developer word in a rendered text (empty: the screen speaks plainly). */
export function developerWords(text: string): string[] {
  return [
    ...text.matchAll(UPPER_SNAKE),
    ...text.matchAll(SNAKE_CODE),
    ...text.matchAll(EVENT_NAMES),
    ...text.matchAll(TECHNICAL),
  ].map((match) => match[0]);
}

/** The text the page shows (closed disclosures and hidden parts left out), or a part of it. */
export function renderedText(page: Page, scope?: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (closed disclosures left out).
  return scope ? scope.innerText() : page.evaluate(() => document.body.innerText);
}
