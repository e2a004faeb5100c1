/**
 * Fiscal receipts as the admin sees them on an order (`GET /admin/orders/{id}/receipts`); their
 * server messages are in messages/receipts.ts.
 */
import { z } from 'zod';

/** `line_refund`: the receipt of a refund of chosen order lines (only those lines, for what came back). */
export const RECEIPT_KINDS = ['payment', 'completion', 'refund', 'offset', 'line_refund'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * queued / sending: waiting for (or in) the call to YooKassa; sent: YooKassa took it; failed: it
 * did not (see `error`; the admin may retry); awaiting_payment / not_paid: a payment's receipt
 * whose payment is still open / did not go through (YooKassa registers it only for a paid one).
 */
export const RECEIPT_STATES = ['queued', 'sending', 'sent', 'failed', 'awaiting_payment', 'not_paid'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

export const ReceiptLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  /** Per unit, RUB major units. */
  amount: z.number(),
  vatCode: z.number().int(),
  paymentSubject: z.string().nullable(),
  paymentMode: z.string().nullable(),
});
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

export const ReceiptSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RECEIPT_KINDS),
  state: z.enum(RECEIPT_STATES),
  /** RUB major units. */
  amount: z.number(),
  /** Empty for a self-employed refund: YooKassa annuls the payment's receipt itself. */
  lines: z.array(ReceiptLineSchema),
  email: z.string().nullable(),
  taxSystemCode: z.number().int().nullable(),
  /** YooKassa's id of the receipt (completion) or of the refund. */
  providerId: z.string().nullable(),
  /** YooKassa's registration status when it told us: pending, succeeded, canceled. */
  providerStatus: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** The admin may send it again (a failed completion receipt, or a failed refund). */
  retryable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReceiptView = z.infer<typeof ReceiptSchema>;

export const OrderReceiptsSchema = z.object({
  /** RECEIPTS=yookassa. */
  enabled: z.boolean(),
  selfEmployed: z.boolean(),
  receipts: z.array(ReceiptSchema),
});
export type OrderReceipts = z.infer<typeof OrderReceiptsSchema>;
