/**
 * The shape of every keyed text of the product (server messages, page head texts, labels, the
 * server's mails): one string per interface language. No zod here, so the web's first paint can
 * import texts without the validator.
 */
import type { Language } from './i18n';

export type Texts = Record<Language, string>;

/** The head texts of a page: its title and, for a public page, its meta description. */
export interface PageText {
  title: Texts;
  description?: Texts;
}

/** `{name}` placeholders filled from `values`; a placeholder without a value stays as written. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The `{name}` placeholders of a text, sorted (each once). */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1] ?? ''))].sort();
}

/**
 * A label written inside a sentence ("Заказ №12: отправлен"): the first letter in lower case. The
 * labels are capitalised as the interface shows them on their own (badges, buttons, filters).
 */
export function inSentence(label: string): string {
  return label.charAt(0).toLocaleLowerCase() + label.slice(1);
}
