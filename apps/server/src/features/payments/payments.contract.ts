/**
 * What the payments service and its admin half share: the contract with orders, the deps, the
 * provider-failure error and the money format.
 */
import { type Currency, formatMoney, fromMinor, type Language, type LocalizedText } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/http/rate-limit';
import type { PaymentProviders } from '../../platform/payments/providers';
import type { OwnerNotifier } from '../notifications/notifications.service';
import type { OrderEventItem } from '../orders/orders.schemas';
import type { ReceiptsService } from '../receipts/receipts.service';
import type { PayLinkSigner } from './pay-links';
import type { PaymentsRepo } from './payments.repo';

/** What payments needs from orders (contract in orders.service.ts). */
export interface OrderForPayment {
  id: string;
  number: number;
  userId: string | null;
  status: 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  paymentState: string;
  paymentMethod: 'card' | 'paypal' | 'cash' | 'bank_transfer';
  currency: Currency;
  language: Language;
  customerEmail: string;
  /** The name the customer's mails greet (typed at checkout); may be empty. */
  customerFirstName?: string;
  /** Unpaid by then, the order is cancelled (null once it is not pending). */
  holdUntil?: Date | null;
  /** Until when its payment link works (null: it has none). */
  payLinkUntil?: Date | null;
  totalRubMinor: number;
  totalInCurrencyMinor: number | null;
  items: OrderEventItem[];
  /** The lines as ordered (a payment link's page shows them). */
  lines?: {
    id: string;
    name: LocalizedText;
    quantity: number;
    /** Units given back by refunds of chosen lines (counted while one is being asked). */
    refundedQuantity?: number;
    unitPriceRubMinor: number;
  }[];
  /** What else makes the amount due, in roubles (minor units): a payment link's page shows them. */
  charges?: { deliveryRubMinor: number; discountRubMinor: number; giftCertificateRubMinor: number };
}

export interface OrdersForPayments {
  getForPayment(q: Db | Tx, orderId: string): Promise<OrderForPayment | null>;
  setPaymentState(
    tx: Tx,
    orderId: string,
    state: 'awaiting' | 'invoice_sent' | 'paid' | 'failed' | 'refunded',
  ): Promise<unknown>;
  /**
   * Before an online payment starts: an order over the unpaid-hold caps takes the units it left
   * deferred and its hold ends a fixed time after this first start (409 when they were sold, or
   * when that hold is over).
   */
  holdForPayment(orderId: string): Promise<void>;
  /** Opens the order's payment link until `wanted` (or less, see orders); null when not pending. */
  openPayLink(tx: Tx, orderId: string, wanted: Date): Promise<Date | null>;
  confirmPaid(
    tx: Tx,
    orderId: string,
    /** `paidWith`: the online way the provider reported (card, SBP, …), named in the customer's mail. */
    options: { actorUserId?: string | null; note?: string; paidWith?: string | null },
  ): Promise<{ changed: boolean }>;
  /** A refund of chosen lines: locks the order, prices and counts the units (null: one line has not that many left). */
  countRefunded(
    tx: Tx,
    orderId: string,
    wanted: { lineId: string; quantity: number }[],
    price: (line: { id: string; quantity: number; refundedQuantity: number }, quantity: number) => number,
  ): Promise<{ status: OrderForPayment['status']; lines: RefundedLine[] } | null>;
  /** The same pricing as `countRefunded`, nothing counted (a preview); null: one line has not that many left. */
  priceRefund(
    q: Db | Tx,
    orderId: string,
    wanted: { lineId: string; quantity: number }[],
    price: (line: { id: string; quantity: number; refundedQuantity: number }, quantity: number) => number,
  ): Promise<(RefundedLine & { unitsLeft: number })[] | null>;
  /** The provider refused: the units are counted back. */
  uncountRefunded(tx: Tx, orderId: string, lines: RefundedLine[]): Promise<void>;
  /** The provider refunded: unshipped stock back, rights of lines refunded whole end. */
  linesRefunded(
    tx: Tx,
    orderId: string,
    lines: { lineId: string; quantity: number }[],
  ): Promise<{ allRefunded: boolean }>;
}

/** Units of an order line given back and what they brought back (RUB minor units). */
export interface RefundedLine {
  lineId: string;
  quantity: number;
  amountMinor: number;
}

export interface Actor {
  id: string;
  role: 'admin' | 'user';
}

export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'unknown_payment'
  | 'amount_mismatch'
  | 'order_cancelled'
  | 'order_not_pending';

export interface PaymentsServiceDeps {
  db: Db;
  repo: PaymentsRepo;
  orders: OrdersForPayments;
  providers: PaymentProviders;
  publicUrl: string;
  bankDetails: string | null;
  /** Payment alerts and PayPal invoice requests reach the owner through her notices. */
  notifier: Pick<OwnerNotifier, 'notify'>;
  /** Fiscal receipts of card payments and refunds (RECEIPTS=yookassa). */
  receipts: Pick<
    ReceiptsService,
    | 'forPayment'
    | 'recordPayment'
    | 'refundReceipt'
    | 'paidByLine'
    | 'lineRefundReceipt'
    | 'refundSent'
    | 'refundFailed'
  >;
  /** How long to wait for a concurrent request's provider call before giving up (the provider timeout). */
  providerTimeoutMs?: number;
  /** Remembers notifications just rejected, so a replayed forgery is not verified with the provider again. */
  limiter?: RateLimiter;
  /** Payment links valid for days (pay-links.ts): their signer and how many days one works. */
  payLinks: { signer: PayLinkSigner; days: number };
  now?: () => Date;
}

/** 502: the provider failed; the message is the 'payment creation error' text (or the PayPal or refund one). */
export class PaymentProviderFailed extends AppError {
  constructor(message: 'paymentCreationError' | 'paypalRequestError' | 'refundFailed') {
    super(502, 'PAYMENT_PROVIDER_ERROR', message);
  }
}

/** The provider name of a PayPal invoice the owner sends by hand. */
export const MANUAL_PAYPAL = 'paypal-manual';

export const money = (minor: number, currency: Currency, lang: Language) =>
  formatMoney(fromMinor(minor), currency, lang);
