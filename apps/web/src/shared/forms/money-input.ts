/**
 * The money fields of the web's forms. Every amount typed anywhere is read by the one parser,
 * `readMoney` / `parseMoney` of `@atelier/shared/money-text` ("8 500", "8 500,50", "8500.50", with
 * plain, no-break or narrow no-break spaces); here are the form rules that put its refusal under
 * the field in words (a minus, too many decimals, or how to write an amount).
 */
import { type MoneyTextProblem, parseMoney, readMoney } from '@atelier/shared/money-text';

/** The i18n key (`common.json`) of each refusal. */
export const MONEY_MESSAGES: Record<MoneyTextProblem, string> = {
  format: 'common.moneyFormat',
  negative: 'common.moneyNegative',
  decimals: 'common.moneyDecimals',
};

/** Why the typed text is not an amount (null: empty, or an amount). */
export function moneyTextProblem(text: string): MoneyTextProblem | null {
  const read = readMoney(text);
  return read && !read.ok ? read.problem : null;
}

/** The text is typed and is not an amount: the field says why. */
export function moneyTextInvalid(text: string): boolean {
  return moneyTextProblem(text) !== null;
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
 * the message that says why (a minus, too many decimals, or how to write one), in place of the
 * schema's (which knows only that the number is missing).
 */
export function moneyRules(paths: readonly string[]) {
  return (form: unknown) =>
    paths.flatMap((path) => {
      const problem = moneyTextProblem(textAt(form, path));
      return problem ? [{ path, message: MONEY_MESSAGES[problem], overrides: true }] : [];
    });
}

/** The i18n key of the message that says how to write an amount (`common.json`). */
export const MONEY_FORMAT_MESSAGE = MONEY_MESSAGES.format;

/** The three price fields of an editor (₽ required, € and $ empty = not sold in them). */
export const PRICE_PATHS = ['price.rub', 'price.eur', 'price.usd'] as const;

/** The editors' price as typed → the body's price (NaN or a missing rouble price fails the schema). */
export function priceFromText(price: { rub: string; eur: string; usd: string }) {
  return { rub: parseMoney(price.rub) as number, eur: parseMoney(price.eur), usd: parseMoney(price.usd) };
}
