/**
 * An amount of money as a person types it, the one parser of every money field (the admin's
 * prices, quotes, gift amounts and limits; the customer's budget and gift amount).
 *
 * Accepted: digits with groups of three apart by spaces (plain, no-break U+00A0, narrow no-break
 * U+202F, thin U+2009), a decimal comma or point with one or two decimals: "8 500", "8 500,50",
 * "8500.50", "8 500". With both a comma and a point the last one is the decimal mark and the
 * other groups thousands ("8,500.50", "8.500,50"). Anything else (letters, a minus, three
 * decimals, "8.500", which could mean either) is not an amount.
 */

const SPACES = /[\s\u00a0\u202f\u2009]+/g;

/** '' (or only spaces) → null; an amount → its value in major units; anything else → NaN. */
export function parseMoney(text: string): number | null {
  const trimmed = text.replace(SPACES, ' ').trim();
  if (trimmed === '') return null;
  const match = /^(\d[\d ,.]*?)(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return Number.NaN;
  const [, whole = '', fraction] = match;
  const groups = whole.split(/[ ,.]/);
  const separators = new Set(whole.replace(/\d/g, ''));
  if (groups.length > 1) {
    // One kind of group mark, never the decimal mark itself, groups of exactly three after the first.
    const decimalMark = fraction === undefined ? null : trimmed.charAt(trimmed.length - fraction.length - 1);
    if (separators.size !== 1 || (decimalMark !== null && separators.has(decimalMark))) return Number.NaN;
    // A lone comma or point between digits with no decimals after it: "8.500" is ambiguous.
    if (fraction === undefined && !separators.has(' ')) return Number.NaN;
    if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((group) => !/^\d{3}$/.test(group))) {
      return Number.NaN;
    }
  }
  return Number(`${groups.join('')}${fraction === undefined ? '' : `.${fraction}`}`);
}

/** The text is typed and is not an amount: the field says how to write one (`forms.money`). */
export function moneyTextInvalid(text: string): boolean {
  return Number.isNaN(parseMoney(text));
}

/** The form's text at a dot path (`price.rub`); '' when there is none. */
function textAt(form: unknown, path: string): string {
  let value: unknown = form;
  for (const key of path.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * A form rule for `writeResolver`: each money field at `paths` whose text is not an amount gets
 * the message that says how to write one, in place of the schema's (which knows only that the
 * number is missing).
 */
export function moneyRules(paths: readonly string[]) {
  return (form: unknown) =>
    paths
      .filter((path) => moneyTextInvalid(textAt(form, path)))
      .map((path) => ({ path, message: MONEY_FORMAT_MESSAGE, overrides: true }));
}

/** The i18n key of that message (`common.json`). */
export const MONEY_FORMAT_MESSAGE = 'common.moneyFormat';

/** The three price fields of an editor (₽ required, € and $ empty = not sold in them). */
export const PRICE_PATHS = ['price.rub', 'price.eur', 'price.usd'] as const;

/** The editors' price as typed → the body's price (NaN or a missing rouble price fails the schema). */
export function priceFromText(price: { rub: string; eur: string; usd: string }) {
  return { rub: parseMoney(price.rub) as number, eur: parseMoney(price.eur), usd: parseMoney(price.usd) };
}
