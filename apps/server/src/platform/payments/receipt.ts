/**
 * A fiscal receipt as YooKassa's API v3 takes it: the `receipt` object of a payment or refund
 * request, and the body of `POST /v3/receipts` (a receipt of its own, e.g. the completion receipt
 * of prepaid goods). Two regimes share the shape:
 *   - 54-FZ (a company or individual entrepreneur with an online register or YooKassa's receipts):
 *     every item has `payment_subject` and `payment_mode`; `tax_system_code` (1–6) when the shop
 *     has several tax systems or its register needs it; at most 100 items.
 *   - self-employed (422-FZ, YooKassa registers the income in "Мой налог"): only `description`,
 *     `amount` (per unit), a whole `quantity` and `vat_code` 1; at most 6 items.
 * `amount` is the price of ONE unit: an item stands for `quantity × amount`, and the items of a
 * payment (or refund) add up to its amount exactly.
 */

/** The subjects this shop sells (54-FZ tag 1212); YooKassa knows more. */
export const RECEIPT_SUBJECTS = ['commodity', 'job', 'service', 'intellectual_activity', 'another'] as const;
export type ReceiptSubject = (typeof RECEIPT_SUBJECTS)[number];
/** What an item may be: one of the shop's subjects, or `payment` (tag 1212 = 10), money taken in advance (a gift certificate sold). */
export type ReceiptItemSubject = ReceiptSubject | 'payment';

/**
 * 54-FZ tag 1214: `full_prepayment` when the buyer pays now for what is handed over later (goods
 * to ship), `full_payment` when it is handed over at once (a lesson opened on payment) or when a
 * prepaid item is handed over (the completion receipt), `advance` for money taken before anything
 * is chosen (a gift certificate sold).
 */
export type ReceiptPaymentMode = 'full_prepayment' | 'full_payment' | 'advance';

export interface ReceiptAmount {
  /** Decimal string with two digits: "1500.00". */
  value: string;
  currency: 'RUB';
}

export interface ReceiptItem {
  /** 1–128 characters (54-FZ tag 1030). */
  description: string;
  quantity: number;
  /** Per unit. */
  amount: ReceiptAmount;
  vat_code: number;
  /** 54-FZ only. */
  payment_subject?: ReceiptItemSubject;
  /** 54-FZ only. */
  payment_mode?: ReceiptPaymentMode;
}

/** The `receipt` object of `POST /v3/payments` and `POST /v3/refunds`. */
export interface Receipt {
  customer: { email?: string; phone?: string };
  items: ReceiptItem[];
  tax_system_code?: number;
}

/** What was settled before: `prepayment` for goods paid in advance and handed over now. */
export interface ReceiptSettlement {
  type: 'cashless' | 'prepayment' | 'postpayment' | 'consideration';
  amount: ReceiptAmount;
}

/** The body of `POST /v3/receipts`. */
export interface ReceiptRequest extends Receipt {
  type: 'payment' | 'refund';
  payment_id?: string;
  refund_id?: string;
  send: true;
  settlements: ReceiptSettlement[];
}
