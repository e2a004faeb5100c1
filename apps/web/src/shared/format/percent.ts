import { intlLocale } from '@atelier/shared';

/**
 * The one way a percentage is written on the site: a whole number from 0 to 100 in the conventions
 * of the interface language, "45 %" in Russian and Spanish with a no-break space (U+00A0) that
 * never lets the sign fall to the next line, "45%" in English. Texts take it whole as
 * `{{percent}}` and never write the sign themselves (locales.test.ts checks).
 */
export function formatPercent(percent: number, language: string): string {
  const value = Math.min(100, Math.max(0, Math.floor(Number.isFinite(percent) ? percent : 0)));
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 0 })
    .format(value / 100)
    .replace(/\s%/, '\u00a0%');
}
