/**
 * Custom order requests: a customer describes a piece she wants made (occasion, the day she needs
 * it, colours, budget, reference photos), the admin answers with a quote, the customer accepts it
 * and pays a deposit and later the balance, each as an order paid like any other. The status
 * machine lives on the server; what each side may do next is named here so the web offers only
 * those steps.
 */
import { z } from 'zod';
import { CurrencySchema, ImageSchema, LanguageSchema, LocalizedTextSchema } from './base-schemas';
import type { ServerMessageKey } from './messages';

const m = (key: ServerMessageKey) => key;

export const CUSTOM_REQUEST_STATUSES = [
  'new',
  'quoted',
  'accepted',
  'deposit_paid',
  'in_work',
  'done',
  'declined',
] as const;
export type CustomRequestStatus = (typeof CUSTOM_REQUEST_STATUSES)[number];

/** A request still under way: it counts against the customer's cap of open requests. */
export const OPEN_CUSTOM_REQUEST_STATUSES = ['new', 'quoted', 'accepted', 'deposit_paid', 'in_work'] as const;
export const MAX_OPEN_CUSTOM_REQUESTS = 5;
export const MAX_CUSTOM_PHOTOS = 5;
export const CUSTOM_DESCRIPTION_MIN = 10;
export const CUSTOM_DESCRIPTION_MAX = 2000;

export const CUSTOM_OCCASIONS = [
  'wedding',
  'birthday',
  'anniversary',
  'interior',
  'corporate',
  'gift',
  'other',
] as const;
export type CustomOccasion = (typeof CUSTOM_OCCASIONS)[number];

/** A money amount in major units: positive, at most two decimals, at most ten million. */
const AmountSchema = z
  .number({ error: m('customAmountInvalid') })
  .positive(m('customAmountInvalid'))
  .max(10_000_000, m('customAmountInvalid'))
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, m('customAmountInvalid'));

/** Why `date` cannot be the day a piece is needed (or due) on `today`; null when it can. */
export function customDateProblem(date: string, today: string): 'customDateInPast' | 'customDateTooFar' | null {
  if (date < today) return 'customDateInPast';
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + 3);
  if (date > limit.toISOString().slice(0, 10)) return 'customDateTooFar';
  return null;
}

/**
 * `POST /custom-orders` (multipart: a `data` part with these fields as JSON and up to five `photos`
 * files, the review photo rules; or JSON without photos). Texts are stored and shown as plain text.
 */
export const CreateCustomRequestBody = z
  .object({
    occasion: z.enum(CUSTOM_OCCASIONS, m('customOccasionRequired')),
    /** What the occasion is when it is none of the list (required then). */
    occasionOther: z.string().trim().max(100, m('textTooLong')).optional(),
    dateNeeded: z.iso.date(m('customDateInvalid')),
    colours: z
      .string({ error: m('customColoursRequired') })
      .trim()
      .min(1, { error: m('customColoursRequired'), abort: true })
      .max(200, m('textTooLong')),
    /** What she means to spend (optional); given, with its currency. */
    budget: AmountSchema.optional(),
    budgetCurrency: CurrencySchema.optional(),
    description: z
      .string({ error: m('customDescriptionTooShort') })
      .trim()
      .min(CUSTOM_DESCRIPTION_MIN, m('customDescriptionTooShort'))
      .max(CUSTOM_DESCRIPTION_MAX, m('customDescriptionTooLong')),
    /** The portfolio piece the request starts from ("like this one"). */
    portfolioItemId: z.uuid(m('customPortfolioItemUnknown')).optional(),
  })
  .superRefine((value, context) => {
    if (value.occasion === 'other' && !value.occasionOther) {
      context.addIssue({ code: 'custom', path: ['occasionOther'], message: m('customOccasionOtherRequired') });
    }
    if (value.budget !== undefined && !value.budgetCurrency) {
      context.addIssue({ code: 'custom', path: ['budgetCurrency'], message: m('customBudgetCurrencyRequired') });
    }
  });
export type CreateCustomRequestBody = z.infer<typeof CreateCustomRequestBody>;

/** `POST /admin/custom-orders/:id/quote`: the admin's answer (again while quoted: a new quote). */
export const CustomQuoteBody = z.object({
  price: AmountSchema,
  currency: CurrencySchema,
  /** The share paid before work starts: 0 = all paid later, 100 = all paid up front. */
  depositPercent: z
    .number({ error: m('customDepositInvalid') })
    .int(m('customDepositInvalid'))
    .min(0, m('customDepositInvalid'))
    .max(100, m('customDepositInvalid')),
  dueDate: z.iso.date(m('customDateInvalid')),
  message: z.string().trim().max(CUSTOM_DESCRIPTION_MAX, m('textTooLong')).optional(),
});
export type CustomQuoteBody = z.infer<typeof CustomQuoteBody>;

/** Declining (by the admin or the customer), with an optional word why. */
export const CustomDeclineBody = z.object({ note: z.string().trim().max(500, m('textTooLong')).optional() });
export type CustomDeclineBody = z.infer<typeof CustomDeclineBody>;

/**
 * `POST /custom-orders/:id/accept`: the quote the customer saw (its `quotedAt`); a quote replaced
 * since is not accepted unseen (409).
 */
export const CustomAcceptBody = z.object({ quotedAt: z.iso.datetime() });
export type CustomAcceptBody = z.infer<typeof CustomAcceptBody>;

/** `POST /custom-orders/:id/pay`: which payment to make now; answers with its order. */
export const CustomPayBody = z.object({ part: z.enum(['deposit', 'balance']) });
export type CustomPayBody = z.infer<typeof CustomPayBody>;

/** The admin's status steps besides quoting and declining. */
export const CustomStatusBody = z.object({ status: z.enum(['in_work', 'done']) });
export type CustomStatusBody = z.infer<typeof CustomStatusBody>;

/** Deposit and balance of a price (minor units), the deposit rounded to the kopeck/cent. */
export function splitQuote(priceMinor: number, depositPercent: number): { depositMinor: number; balanceMinor: number } {
  const depositMinor = Math.round((priceMinor * depositPercent) / 100);
  return { depositMinor, balanceMinor: priceMinor - depositMinor };
}

export const CustomQuoteSchema = z.object({
  price: z.number(),
  currency: CurrencySchema,
  depositPercent: z.number().int(),
  deposit: z.number(),
  balance: z.number(),
  dueDate: z.iso.date(),
  message: z.string().nullable(),
  quotedAt: z.iso.datetime(),
});
export type CustomQuote = z.infer<typeof CustomQuoteSchema>;

const PaymentStepSchema = z.object({
  /** The latest order made for it (a new one replaces one that expired unpaid). */
  orderId: z.uuid().nullable(),
  paidAt: z.iso.datetime().nullable(),
});

export const CustomRequestSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: z.enum(CUSTOM_REQUEST_STATUSES),
  occasion: z.enum(CUSTOM_OCCASIONS),
  occasionOther: z.string().nullable(),
  dateNeeded: z.iso.date(),
  colours: z.string(),
  budget: z.number().nullable(),
  budgetCurrency: CurrencySchema.nullable(),
  description: z.string(),
  photos: z.array(ImageSchema),
  portfolioItem: z.object({ id: z.uuid(), title: LocalizedTextSchema }).nullable(),
  language: LanguageSchema,
  quote: CustomQuoteSchema.nullable(),
  deposit: PaymentStepSchema,
  balance: PaymentStepSchema,
  /** What the customer can pay now; null = nothing. */
  nextPayment: z.enum(['deposit', 'balance']).nullable(),
  declinedBy: z.enum(['admin', 'customer']).nullable(),
  declineNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The admin's view only. */
  customer: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }).nullable().optional(),
});
export type CustomRequest = z.infer<typeof CustomRequestSchema>;

export const AdminCustomRequestsQuerySchema = z.object({
  status: z.enum(CUSTOM_REQUEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminCustomRequestsQuery = z.infer<typeof AdminCustomRequestsQuerySchema>;

/** What the admin can do with a request in `status` (the server refuses anything else with 409). */
export function adminCustomActions(
  request: Pick<CustomRequest, 'status' | 'quote' | 'balance'>,
): ('quote' | 'decline' | 'in_work' | 'done')[] {
  switch (request.status) {
    case 'new':
    case 'quoted':
      return ['quote', 'decline'];
    case 'accepted':
      // Nothing paid yet (the server refuses while a deposit order waits for its payment).
      return ['decline'];
    case 'deposit_paid':
      return ['in_work'];
    case 'in_work':
      return balanceSettled(request) ? ['done'] : [];
    default:
      return [];
  }
}

/** Nothing is left to pay: the balance is paid, or there is none (a 100 % deposit). */
export function balanceSettled(request: Pick<CustomRequest, 'quote' | 'balance'>): boolean {
  return request.balance.paidAt !== null || (request.quote !== null && request.quote.balance === 0);
}
