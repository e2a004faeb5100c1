import {
  CURRENCIES,
  type Currency,
  type GiftCertificateSettings,
  type IssueGiftCertificateBody,
  type Language,
} from '@atelier/shared';
import { parseMoney } from '@atelier/shared/money-text';
import { MONEY_FORMAT_MESSAGE, moneyRules } from '../../../shared/forms/money-input';
import type { FormRuleProblem } from '../../../shared/forms/write-resolver';

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
    amount: parseMoney(form.amount) ?? Number.NaN,
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
 * "1000; 3000 5000" → [1000, 3000, 5000]: amounts apart by semicolons, a comma followed by a space
 * (a comma between digits is a decimal point: "12,5"), or spaces; "1 000; 3 000" (groups of
 * three apart by a space) is [1000, 3000]. Each amount is read by the money fields' parser; one
 * that is not an amount is NaN (the schema refuses it).
 */
export function parsePresets(text: string): number[] {
  return text.split(/;|,(?!\d)/).flatMap((part) => {
    const whole = parseMoney(part);
    if (whole !== null && !Number.isNaN(whole)) return [whole];
    return part
      .split(/[\s\u00a0\u202f\u2009]+/)
      .filter(Boolean)
      .map((piece) => parseMoney(piece) ?? Number.NaN);
  });
}

/** The amount typed by hand is an amount (else the field says how to write one). */
export const issueRules = moneyRules(['amount']);

/** Limits and presets that are not amounts get the money fields' message. */
export function settingsRules(form: SettingsForm): FormRuleProblem[] {
  return [
    ...moneyRules(CURRENCIES.flatMap((currency) => [`${currency}.min`, `${currency}.max`]))(form),
    ...CURRENCIES.filter((currency) => parsePresets(form[currency].presets).some(Number.isNaN)).map((currency) => ({
      path: `${currency}.presets`,
      message: MONEY_FORMAT_MESSAGE,
      overrides: true,
    })),
  ];
}

export function settingsBody(form: SettingsForm): GiftCertificateSettings {
  return Object.fromEntries(
    CURRENCIES.map((currency) => [
      currency,
      {
        presets: parsePresets(form[currency].presets),
        min: parseMoney(form[currency].min) ?? Number.NaN,
        max: parseMoney(form[currency].max) ?? Number.NaN,
      },
    ]),
  ) as GiftCertificateSettings;
}
