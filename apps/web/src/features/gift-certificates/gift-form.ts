import {
  BuyGiftCertificateBody,
  type Currency,
  CurrencySchema,
  deliveryDateProblem,
  type GiftCertificateOffer,
  giftAmountProblem,
  type Language,
  LanguageSchema,
} from '@atelier/shared';
import { parseMoney } from '@atelier/shared/money-text';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { moneyRules } from '../../shared/forms/money-input';
import { type FormRuleProblem, withFormRules } from '../../shared/forms/write-resolver';

/*
 * The gift certificate form is BuyGiftCertificateBody (what POST /gift-certificates validates) as
 * the page lays it out: the amount is a preset button or "another amount" typed as text, and the
 * admin's limits and today's date come from the offer. Messages are shared keys, or keys of
 * `giftCertificates.errors` for the form's own rules.
 */
const { recipientName, recipientEmail, message, senderName } = BuyGiftCertificateBody.shape;

/** The "another amount" choice of the amount buttons. */
export const CUSTOM = 'custom';

/** A typed amount ("1 500", "1500,50", "1,500.50") in major units; NaN when it is not one (or empty). */
export function parseAmount(text: string): number {
  return parseMoney(text) ?? Number.NaN;
}

const customAmountRules = moneyRules(['customAmount']);

/** The fields as typed; what depends on the offer (limits, dates) is `giftFormProblems`. */
export const GiftFormSchema = z.object({
  currency: CurrencySchema,
  /** A preset amount (as text) or CUSTOM. */
  choice: z.string(),
  customAmount: z.string(),
  recipientName,
  recipientEmail,
  message,
  deliveryDate: z.string().min(1, 'giftDateInvalid'),
  senderName,
  language: LanguageSchema,
});

export type GiftFormInput = z.input<typeof GiftFormSchema>;
export type GiftForm = z.output<typeof GiftFormSchema>;

/**
 * The amount against the admin's limits in the chosen currency, the day against today and a year
 * ahead: reported with the fields' own messages in one pass (a refinement of the schema would wait
 * for every other field to be right first).
 */
export function giftFormProblems(offer: GiftCertificateOffer | undefined, form: GiftFormInput): FormRuleProblem[] {
  const problems: FormRuleProblem[] = [];
  const custom = form.choice === CUSTOM;
  const amount = custom ? parseAmount(form.customAmount) : Number(form.choice);
  const path = custom ? 'customAmount' : 'choice';
  // Typed text that is not an amount says why (a minus, too many decimals, how to write one).
  const typedWrong = custom ? customAmountRules(form) : [];
  if (typedWrong.length > 0) problems.push(...typedWrong);
  else if (!Number.isFinite(amount) || amount <= 0) problems.push({ path, message: 'giftAmountInvalid' });
  else if (offer) {
    const problem = giftAmountProblem(amount, form.currency, offer.settings);
    if (problem) problems.push({ path, message: problem });
  }
  if (offer && form.deliveryDate) {
    const problem = deliveryDateProblem(form.deliveryDate, offer.today);
    if (problem) problems.push({ path: 'deliveryDate', message: problem });
  }
  return problems;
}

export const giftFormResolver = (offer: GiftCertificateOffer | undefined) =>
  withFormRules(zodResolver(GiftFormSchema), (form: GiftFormInput) => giftFormProblems(offer, form));

/** The form's first values: the first preset of the visitor's currency, today, the site's language. */
export function giftFormDefaults(
  offer: GiftCertificateOffer | undefined,
  currency: Currency,
  language: Language,
  senderName: string,
): GiftFormInput {
  const first = offer?.settings[currency].presets[0];
  return {
    currency,
    choice: first === undefined ? CUSTOM : String(first),
    customAmount: '',
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliveryDate: offer?.today ?? '',
    senderName,
    language,
  };
}

/** The POST /gift-certificates body from the checked form. */
export function toBuyBody(form: GiftForm): BuyGiftCertificateBody {
  return {
    amount: form.choice === CUSTOM ? parseAmount(form.customAmount) : Number(form.choice),
    currency: form.currency,
    recipientName: form.recipientName,
    recipientEmail: form.recipientEmail,
    ...(form.message ? { message: form.message } : {}),
    deliveryDate: form.deliveryDate,
    senderName: form.senderName,
    language: form.language,
  };
}
