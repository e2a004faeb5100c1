/**
 * Gift certificates: a customer buys one for an amount in roubles, euros or dollars (a preset of
 * the admin's or her own amount between the admin's limits), for a recipient who gets it by mail
 * on the chosen date; its code then pays all or part of any order in that currency. The code
 * rules (alphabet, grouping, normalisation) live here so the web shows and checks codes exactly
 * as the server stores them.
 */
import { z } from 'zod';
import { EmailSchema } from './auth';
import { CurrencySchema, LanguageSchema } from './base-schemas';
import type { ServerMessageKey } from './messages';
import type { Currency } from './money';

const m = (key: ServerMessageKey) => key;

/** Letters and digits that cannot be mistaken for one another (no I, O, 0, 1). */
export const GIFT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 symbols of 32 = 80 random bits, written in groups of 4: `ABCD-EFGH-JKLM-NPQR`. */
export const GIFT_CODE_LENGTH = 16;
export const GIFT_CODE_GROUP = 4;

/** A code as stored and compared: upper case, separators and spaces dropped ("abcd efgh-…" → "ABCDEFGH…"). */
export function normalizeGiftCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A stored code as people read it: groups of four joined by dashes. */
export function formatGiftCode(code: string): string {
  const normalized = normalizeGiftCode(code);
  return (normalized.match(new RegExp(`.{1,${GIFT_CODE_GROUP}}`, 'g')) ?? []).join('-');
}

/** Whether a typed code can be a certificate's at all (length and alphabet), before asking. */
export function looksLikeGiftCode(input: string): boolean {
  const normalized = normalizeGiftCode(input);
  return normalized.length === GIFT_CODE_LENGTH && [...normalized].every((c) => GIFT_CODE_ALPHABET.includes(c));
}

/** A code as typed at checkout or in the balance check (normalised by the server). */
export const GiftCodeInputSchema = z
  .string({ error: m('giftCodeRequired') })
  .trim()
  .min(1, { error: m('giftCodeRequired'), abort: true })
  .max(40, m('giftCodeInvalid'));

export const GiftCodeBody = z.object({ code: GiftCodeInputSchema });
export type GiftCodeBody = z.infer<typeof GiftCodeBody>;

/** A money amount in major units: positive, at most two decimals, at most a million. */
const AmountSchema = z
  .number({ error: m('giftAmountInvalid') })
  .positive(m('giftAmountInvalid'))
  .max(1_000_000, m('giftAmountInvalid'))
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, m('giftAmountInvalid'));

// ---------------------------------------------------------------- settings

export const GiftCurrencySettingsSchema = z
  .object({
    /** The amounts offered as buttons, smallest first. */
    presets: z.array(AmountSchema).max(6, m('giftPresetsTooMany')),
    /** The limits of an amount the buyer types herself. */
    min: AmountSchema,
    max: AmountSchema,
  })
  .superRefine((value, context) => {
    if (value.min > value.max) context.addIssue({ code: 'custom', path: ['max'], message: m('giftLimitsInvalid') });
    for (const [index, preset] of value.presets.entries()) {
      if (preset < value.min || preset > value.max) {
        context.addIssue({ code: 'custom', path: ['presets', index], message: m('giftPresetOutOfLimits') });
      }
    }
  });
export type GiftCurrencySettings = z.infer<typeof GiftCurrencySettingsSchema>;

/** The admin's settings: presets and limits per currency (`PUT /admin/gift-certificates/settings`). */
export const GiftCertificateSettingsSchema = z.object({
  RUB: GiftCurrencySettingsSchema,
  EUR: GiftCurrencySettingsSchema,
  USD: GiftCurrencySettingsSchema,
});
export type GiftCertificateSettings = z.infer<typeof GiftCertificateSettingsSchema>;

/** What the shop offers until the admin saves her own. */
export const DEFAULT_GIFT_SETTINGS: GiftCertificateSettings = {
  RUB: { presets: [1000, 3000, 5000, 10000], min: 500, max: 100000 },
  EUR: { presets: [20, 50, 100, 200], min: 10, max: 1000 },
  USD: { presets: [20, 50, 100, 200], min: 10, max: 1000 },
};

/** Why `amount` cannot be bought in `currency` under `settings`; null when it can. */
export function giftAmountProblem(
  amount: number,
  currency: Currency,
  settings: GiftCertificateSettings,
): 'giftAmountBelowMin' | 'giftAmountAboveMax' | null {
  const limits = settings[currency];
  if (amount < limits.min) return 'giftAmountBelowMin';
  if (amount > limits.max) return 'giftAmountAboveMax';
  return null;
}

// ---------------------------------------------------------------- dates

/** `YYYY-MM-DD` plus `days` (calendar arithmetic in UTC, so no time zone shifts the day). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The last delivery date that may be chosen on `today`: one year ahead (29 Feb → 28 Feb or 1 Mar as the calendar has it). */
export function lastDeliveryDate(today: string): string {
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCFullYear(at.getUTCFullYear() + 1);
  return at.toISOString().slice(0, 10);
}

/** Why `date` cannot be a delivery date on `today`; null when it can (today up to a year ahead). */
export function deliveryDateProblem(date: string, today: string): 'giftDateInPast' | 'giftDateTooFar' | null {
  if (date < today) return 'giftDateInPast';
  if (date > lastDeliveryDate(today)) return 'giftDateTooFar';
  return null;
}

// ---------------------------------------------------------------- buying

const name = (required: ServerMessageKey) =>
  z
    .string({ error: m(required) })
    .trim()
    .min(1, { error: m(required), abort: true })
    .max(100, m('textTooLong'));

/** `POST /gift-certificates`: the certificate to buy; its order is paid like any other. */
export const BuyGiftCertificateBody = z.object({
  amount: AmountSchema,
  currency: CurrencySchema,
  recipientName: name('giftRecipientNameRequired'),
  recipientEmail: EmailSchema,
  /** A few words for the recipient, printed on the certificate. */
  message: z.string().trim().max(500, m('textTooLong')).optional(),
  /** The day the recipient gets the mail (today = as soon as it is paid). */
  deliveryDate: z.iso.date(m('giftDateInvalid')),
  senderName: name('giftSenderNameRequired'),
  /** The language of the recipient's mail and certificate. */
  language: LanguageSchema,
});
export type BuyGiftCertificateBody = z.infer<typeof BuyGiftCertificateBody>;

export const GIFT_CERTIFICATE_STATUSES = ['pending', 'active', 'deactivated', 'cancelled'] as const;
export type GiftCertificateStatus = (typeof GIFT_CERTIFICATE_STATUSES)[number];

/** What buying and the page need to know: presets and limits per currency. */
export const GiftCertificateOfferSchema = z.object({
  settings: GiftCertificateSettingsSchema,
  /** The shop's today (the earliest delivery date) and the last date that may be chosen. */
  today: z.iso.date(),
  lastDate: z.iso.date(),
});
export type GiftCertificateOffer = z.infer<typeof GiftCertificateOfferSchema>;

/** A certificate its buyer sees in the account. */
export const MyGiftCertificateSchema = z.object({
  id: z.uuid(),
  /** Shown once the order is paid; null while it waits for payment or was never paid. */
  code: z.string().nullable(),
  currency: CurrencySchema,
  amount: z.number(),
  balance: z.number(),
  status: z.enum(GIFT_CERTIFICATE_STATUSES),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  deliveryDate: z.iso.date().nullable(),
  /** When the recipient's mail went out; null before. */
  deliveredAt: z.iso.datetime().nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type MyGiftCertificate = z.infer<typeof MyGiftCertificateSchema>;

/** `POST /gift-certificates` answers with the certificate and the order to pay. */
export const GiftCertificatePurchaseSchema = z.object({ certificate: MyGiftCertificateSchema });
export type GiftCertificatePurchase = z.infer<typeof GiftCertificatePurchaseSchema>;

/** The balance check (`POST /gift-certificates/check`): what is left, in the certificate's currency. */
export const GiftBalanceSchema = z.object({
  code: z.string(),
  currency: CurrencySchema,
  amount: z.number(),
  balance: z.number(),
});
export type GiftBalance = z.infer<typeof GiftBalanceSchema>;

// ---------------------------------------------------------------- admin

export const GIFT_MOVEMENT_KINDS = ['issue', 'redeem', 'refund', 'deactivate'] as const;
export type GiftMovementKind = (typeof GIFT_MOVEMENT_KINDS)[number];

export const GiftMovementSchema = z.object({
  id: z.uuid(),
  kind: z.enum(GIFT_MOVEMENT_KINDS),
  /** Signed, major units: + issue and refund, − redeem and deactivate. */
  amount: z.number(),
  balanceAfter: z.number(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type GiftMovement = z.infer<typeof GiftMovementSchema>;

export const AdminGiftCertificateSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  currency: CurrencySchema,
  amount: z.number(),
  balance: z.number(),
  status: z.enum(GIFT_CERTIFICATE_STATUSES),
  /** Bought by a customer, or issued by hand (a giveaway). */
  source: z.enum(['purchase', 'manual']),
  senderName: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
  language: LanguageSchema,
  deliveryDate: z.iso.date().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  buyer: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }).nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  deactivatedAt: z.iso.datetime().nullable(),
  /** The detail view only. */
  history: z.array(GiftMovementSchema).optional(),
});
export type AdminGiftCertificate = z.infer<typeof AdminGiftCertificateSchema>;

export const AdminGiftCertificatesQuerySchema = z.object({
  /** A code (with or without dashes, any case), or part of an email or name. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(GIFT_CERTIFICATE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminGiftCertificatesQuery = z.infer<typeof AdminGiftCertificatesQuerySchema>;

/** `POST /admin/gift-certificates`: a certificate issued by hand (a giveaway), mailed or not. */
export const IssueGiftCertificateBody = z
  .object({
    amount: AmountSchema,
    currency: CurrencySchema,
    /** Mail it to the recipient (on `deliveryDate`, today when not given); otherwise the admin hands the code over. */
    sendMail: z.boolean(),
    recipientName: z.string().trim().max(100, m('textTooLong')).optional(),
    recipientEmail: EmailSchema.optional(),
    message: z.string().trim().max(500, m('textTooLong')).optional(),
    deliveryDate: z.iso.date(m('giftDateInvalid')).optional(),
    language: LanguageSchema,
    /** Why it was given (kept in its history). */
    note: z.string().trim().max(300, m('textTooLong')).optional(),
  })
  .superRefine((value, context) => {
    if (!value.sendMail) return;
    if (!value.recipientEmail)
      context.addIssue({ code: 'custom', path: ['recipientEmail'], message: m('emailRequired') });
    if (!value.recipientName) {
      context.addIssue({ code: 'custom', path: ['recipientName'], message: m('giftRecipientNameRequired') });
    }
  });
export type IssueGiftCertificateBody = z.infer<typeof IssueGiftCertificateBody>;

export const DeactivateGiftCertificateBody = z.object({
  note: z.string().trim().max(300, m('textTooLong')).optional(),
});
export type DeactivateGiftCertificateBody = z.infer<typeof DeactivateGiftCertificateBody>;
