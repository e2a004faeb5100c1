/**
 * An amount of money as a person types it: the one parser of every money field, on every form of
 * the web (the admin's prices, quotes, gift amounts and limits; the customer's budget and gift
 * amount; the price filters). Zod-free: forms on the first paint may read it.
 *
 * Accepted: digits with groups of three apart by spaces (plain, no-break U+00A0, narrow no-break
 * U+202F, thin U+2009), a decimal comma or point with one or two decimals: "8 500", "8 500,50",
 * "8500.50", "8 500". With both a comma and a point the last one is the decimal mark and the
 * other groups thousands ("8,500.50", "8.500,50"). Anything else is refused with the reason a
 * person can act on: a minus (`negative`), more than two decimals (`decimals`), or the rest
 * (`format`: letters, two decimal marks, "8.500", which could mean either).
 */

export type MoneyTextProblem = 'format' | 'negative' | 'decimals';

/** A typed amount read: its value in major units and exactly in minor units (kopecks, cents). */
export type MoneyReading = { ok: true; value: number; minor: number } | { ok: false; problem: MoneyTextProblem };

const SPACES = /[\s\u00a0\u202f\u2009]+/g;
const MINUS = /^[-\u2212]\s?/;

/** The amount, or null when `trimmed` is not one written as the header says. */
function amount(trimmed: string): { value: number; minor: number } | null {
  const match = /^(\d[\d ,.]*?)(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const [, whole = '', fraction] = match;
  const groups = whole.split(/[ ,.]/);
  const separators = new Set(whole.replace(/\d/g, ''));
  if (groups.length > 1) {
    // One kind of group mark, never the decimal mark itself, groups of exactly three after the first.
    const decimalMark = fraction === undefined ? null : trimmed.charAt(trimmed.length - fraction.length - 1);
    if (separators.size !== 1 || (decimalMark !== null && separators.has(decimalMark))) return null;
    // A lone comma or point between digits with no decimals after it: "8.500" is ambiguous.
    if (fraction === undefined && !separators.has(' ')) return null;
    if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((group) => !/^\d{3}$/.test(group))) return null;
  }
  // Counted in minor units from the digits, so 8500.10 is exactly 850010, never 850009.99….
  const minor = Number(groups.join('')) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return { value: minor / 100, minor };
}

/** '' (or only spaces) → null; otherwise the amount, or why it is not one. */
export function readMoney(text: string): MoneyReading | null {
  const trimmed = text.replace(SPACES, ' ').trim();
  if (trimmed === '') return null;
  const read = amount(trimmed);
  if (read) return { ok: true, ...read };
  if (MINUS.test(trimmed) && amount(trimmed.replace(MINUS, ''))) return { ok: false, problem: 'negative' };
  // Three or more digits after the last mark: too many decimals, unless the text could be one group
  // of thousands ("8.500" may be eight thousand five hundred).
  const tail = /^(.*[.,])(\d{3,})$/.exec(trimmed);
  if (tail && !/^\d{1,3}[.,]\d{3}$/.test(trimmed)) {
    const [, head = '', digits = ''] = tail;
    if (amount(`${head}${digits.slice(0, 2)}`)) return { ok: false, problem: 'decimals' };
  }
  return { ok: false, problem: 'format' };
}

/** '' (or only spaces) → null; an amount → its value in major units; anything else → NaN. */
export function parseMoney(text: string): number | null {
  const read = readMoney(text);
  if (read === null) return null;
  return read.ok ? read.value : Number.NaN;
}
