import {
  CURRENCIES,
  type Currency,
  type GiftCertificateSettings,
  type IssueGiftCertificateBody,
  type Language,
} from '@atelier/shared';
import { numberOrNull } from '../../../shared/forms/write-resolver';

/** What the "issue by hand" form holds: the inputs' text. */
export interface IssueForm {
  amount: string;
  currency: Currency;
  sendMail: boolean;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliveryDate: string;
  language: Language;
  note: string;
}

export const issueFormDefaults = (language: Language): IssueForm => ({
  amount: '',
  currency: 'RUB',
  sendMail: true,
  recipientName: '',
  recipientEmail: '',
  message: '',
  deliveryDate: '',
  language,
  note: '',
});

/** The POST /admin/gift-certificates body: empty texts left out, the amount as typed (NaN fails the schema). */
export function issueBody(form: IssueForm): IssueGiftCertificateBody {
  const text = (value: string) => (value.trim() ? value.trim() : undefined);
  const body: IssueGiftCertificateBody = {
    amount: numberOrNull(form.amount.replace(/\s/g, '')) ?? Number.NaN,
    currency: form.currency,
    sendMail: form.sendMail,
    language: form.language,
  };
  const optional = {
    recipientName: text(form.recipientName),
    recipientEmail: text(form.recipientEmail),
    message: text(form.message),
    deliveryDate: form.sendMail ? text(form.deliveryDate) : undefined,
    note: text(form.note),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(body, { [key]: value });
  return body;
}

/** The settings form: per currency, the presets as one line of text and the two limits. */
export type SettingsForm = Record<Currency, { presets: string; min: string; max: string }>;

export function settingsFormOf(settings: GiftCertificateSettings): SettingsForm {
  return Object.fromEntries(
    CURRENCIES.map((currency) => [
      currency,
      {
        presets: settings[currency].presets.join('; '),
        min: String(settings[currency].min),
        max: String(settings[currency].max),
      },
    ]),
  ) as SettingsForm;
}

/**
 * "1000; 3000 5000" → [1000, 3000, 5000]: amounts apart by spaces, semicolons or a comma followed
 * by a space (a comma between digits is a decimal point: "12,5").
 */
export function parsePresets(text: string): number[] {
  return text
    .split(/[\s;]+|,(?!\d)/)
    .filter(Boolean)
    .map((part) => Number(part.replace(',', '.')));
}

export function settingsBody(form: SettingsForm): GiftCertificateSettings {
  return Object.fromEntries(
    CURRENCIES.map((currency) => [
      currency,
      {
        presets: parsePresets(form[currency].presets),
        min: numberOrNull(form[currency].min) ?? Number.NaN,
        max: numberOrNull(form[currency].max) ?? Number.NaN,
      },
    ]),
  ) as GiftCertificateSettings;
}
