/**
 * Payment and digital-delivery shapes (`POST /payments`, `POST /payments/paypal-request`,
 * `GET /downloads/{token}`); their server messages are in messages/payments.ts.
 */
import { z } from 'zod';
import { EmailSchema } from './auth';
import { LocalizedTextSchema } from './base-schemas';

/**
 * The ways to pay online through YooKassa, by its API's `payment_method_data.type`: card, SBP (the
 * Fast Payment System), SberPay, T-Pay and "Плати частями" (installments).
 */
export const ONLINE_METHODS = ['bank_card', 'sbp', 'sberbank', 'tinkoff_bank', 'sber_bnpl'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

/** YooKassa's documented amount limits of each method, in kopecks (the shop may ask its manager for more). */
export const ONLINE_METHOD_LIMITS: Record<OnlineMethod, { minMinor: number; maxMinor: number }> = {
  bank_card: { minMinor: 100, maxMinor: 350_000_00 },
  sbp: { minMinor: 100, maxMinor: 700_000_00 },
  sberbank: { minMinor: 100, maxMinor: 700_000_00 },
  tinkoff_bank: { minMinor: 100, maxMinor: 700_000_00 },
  sber_bnpl: { minMinor: 1_000_00, maxMinor: 150_000_00 },
};

/** Whether `method` may pay `amountMinor` in `currency` (every online method is roubles only). */
export function onlineMethodFits(method: OnlineMethod, amountMinor: number, currency: string): boolean {
  const limit = ONLINE_METHOD_LIMITS[method];
  return currency === 'RUB' && amountMinor >= limit.minMinor && amountMinor <= limit.maxMinor;
}

/** Phones go to the bank's app (redirect); a computer shows SBP's QR code on our page. */
export const PAYMENT_DEVICES = ['mobile', 'desktop'] as const;
export type PaymentDevice = (typeof PAYMENT_DEVICES)[number];

export const CreatePaymentBody = z
  .object({
    orderId: z.uuid(),
    /** An online order's way to pay; unset = YooKassa's own page lets the buyer choose. */
    method: z.enum(ONLINE_METHODS).optional(),
    device: z.enum(PAYMENT_DEVICES).optional(),
  })
  .strict();
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;

export const PaypalRequestBody = z.object({ orderId: z.uuid(), email: EmailSchema }).strict();
export type PaypalRequestBody = z.infer<typeof PaypalRequestBody>;

/** How the buyer continues: `redirect` to the provider's page, an invoice mailed, or instructions. */
export const PaymentStartSchema = z.object({
  paymentId: z.uuid().nullable(),
  orderNumber: z.number().int(),
  /** invoice_requested: PayPal without the API — the shop mails an invoice link later. */
  /** qr: SBP on a computer — our page shows the code (`redirectUrl` is the link it encodes). */
  kind: z.enum(['redirect', 'qr', 'invoice', 'invoice_requested', 'instructions', 'confirmed']),
  redirectUrl: z.string().nullable(),
  /** Cash and bank transfer: what to do (bank details from config), in the request language. */
  instructions: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/** What the checkout and lesson purchase may offer (GET /payments/methods). */
export const PaymentMethodsSchema = z.object({
  /** false with PAYMENT_PROVIDER=none: card is not offered and the server refuses it. */
  card: z.boolean(),
  /** api: PayPal invoice at once; sandbox: the demo page; manual: the shop sends an invoice link by hand. */
  paypal: z.enum(['api', 'sandbox', 'manual']),
  /** The online ways to pay the shop's contract allows (YOOKASSA_METHODS), with their limits; filtered by the query's amount. */
  online: z.array(
    z.object({ method: z.enum(ONLINE_METHODS), min: z.number(), max: z.number(), currency: z.literal('RUB') }),
  ),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

/** `GET /payments/methods?amount=&currency=`: only what can pay that total (both or neither). */
export const PaymentMethodsQuery = z
  .object({
    amount: z.coerce.number().nonnegative().max(100_000_000).optional(),
    currency: z.enum(['RUB', 'EUR', 'USD']).optional(),
  })
  .refine((q) => (q.amount === undefined) === (q.currency === undefined), { error: 'paymentMethodsQueryInvalid' });
export type PaymentMethodsQuery = z.infer<typeof PaymentMethodsQuery>;

/** A live SBP payment's QR code on our page: the link it encodes and until when it can be paid. */
export const PaymentQrSchema = z.object({ url: z.string(), method: z.enum(ONLINE_METHODS), expiresAt: z.string() });
export type PaymentQr = z.infer<typeof PaymentQrSchema>;

/** A payment link's token, as the link carries it (the server says whether it is one). */
export const PayLinkParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** `POST /api/pay/{token}`: the way to pay chosen on the link's page, as the checkout's. */
export const PayLinkPayBody = z
  .object({ method: z.enum(ONLINE_METHODS).optional(), device: z.enum(PAYMENT_DEVICES).optional() })
  .strict();
export type PayLinkPayBody = z.infer<typeof PayLinkPayBody>;

/** `GET /api/pay/{token}`: what a payment link pays — that one order, nothing more. */
export const PayLinkSchema = z.object({
  orderNumber: z.number().int(),
  /** What is charged, in roubles (every online payment is). */
  total: z.number(),
  currency: z.literal('RUB'),
  /** The order's lines, each with its unit price and its total in roubles (the link's currency). */
  lines: z.array(
    z.object({
      id: z.string(),
      name: LocalizedTextSchema,
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  /** What else makes `total`, in roubles: delivery, the discount and a gift certificate's share (0 = none). */
  delivery: z.number(),
  discount: z.number(),
  giftCertificate: z.number(),
  /** Until when the link works. */
  expiresAt: z.string(),
  paymentState: z.string(),
  /** An open SBP payment shown as a QR code (a computer). */
  qr: PaymentQrSchema.nullable(),
});
export type PayLink = z.infer<typeof PayLinkSchema>;

/** A PayPal invoice the owner sends by hand (PayPal API not configured). */
export const PaypalInvoiceSchema = z.object({
  state: z.enum(['requested', 'sent']),
  url: z.string().nullable(),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PaypalInvoice = z.infer<typeof PaypalInvoiceSchema>;

export const SendPaypalInvoiceBody = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .pipe(z.url({ protocol: /^https$/, error: 'paypalInvoiceUrlInvalid' })),
  })
  .strict();
export type SendPaypalInvoiceBody = z.infer<typeof SendPaypalInvoiceBody>;

export const PAYMENT_ALERT_KINDS = ['order_not_pending', 'order_cancelled', 'amount_mismatch'] as const;
export type PaymentAlertKind = (typeof PAYMENT_ALERT_KINDS)[number];

/** A provider notification we could not simply apply: money may need refunding or checking. */
export const PaymentAlertSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  provider: z.string(),
  kind: z.enum(PAYMENT_ALERT_KINDS),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PaymentAlert = z.infer<typeof PaymentAlertSchema>;

export const MarkPaidBody = z
  .object({ reference: z.string().trim().min(1, 'paymentReferenceRequired').max(200) })
  .strict();
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

/**
 * Admin: the order lines to refund and how many units of each. An empty list or a line named
 * twice is answered with its own code by the server (REFUND_LINES_EMPTY, REFUND_LINE_DUPLICATE).
 */
export const RefundLinesBody = z
  .object({
    lines: z.array(z.object({ lineId: z.uuid(), quantity: z.number().int().min(1).max(100_000) }).strict()).max(200),
  })
  .strict();
export type RefundLinesBody = z.infer<typeof RefundLinesBody>;

/** What a refund of chosen lines gave back: per line and in all (major units, RUB). */
export const LineRefundSchema = z.object({
  refundId: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.literal('RUB'),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int(), amount: z.number() })),
  /** Every unit of every line is refunded now: the order reads refunded. */
  fullyRefunded: z.boolean(),
});
export type LineRefund = z.infer<typeof LineRefundSchema>;

/**
 * What a refund of chosen lines would give back now, nothing written (major units, RUB): per line
 * its units, their amount and the units left after them; in all the amount and what would be left
 * of the payment after it (delivery included).
 */
export const LineRefundPreviewSchema = z.object({
  amount: z.number(),
  currency: z.literal('RUB'),
  lines: z.array(
    z.object({ lineId: z.string(), quantity: z.number().int(), amount: z.number(), unitsLeft: z.number().int() }),
  ),
  remaining: z.number(),
});
export type LineRefundPreview = z.infer<typeof LineRefundPreviewSchema>;

export const DOWNLOAD_STATES = ['active', 'expired', 'used_up'] as const;

/** One digital book in the account: the link itself is only in the mail (stored hashed). */
export const DownloadSchema = z.object({
  id: z.uuid(),
  orderNumber: z.number().int(),
  productId: z.uuid().nullable(),
  name: z.object({ ru: z.string(), en: z.string().optional(), es: z.string().optional() }),
  state: z.enum(DOWNLOAD_STATES),
  expiresAt: z.string(),
  downloadsLeft: z.number().int().nonnegative(),
  maxDownloads: z.number().int().positive(),
  reissuesLeft: z.number().int().nonnegative(),
});
export type Download = z.infer<typeof DownloadSchema>;

/** A re-issued link, also mailed; shown once so the account can start the download at once. */
export const ReissuedDownloadSchema = z.object({ download: DownloadSchema, url: z.string() });
export type ReissuedDownload = z.infer<typeof ReissuedDownloadSchema>;
