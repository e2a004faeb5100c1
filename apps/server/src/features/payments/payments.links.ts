/**
 * Payment links valid for days (docs/decisions/0083; the token: pay-links.ts): issued and mailed
 * when a custom-order deposit or balance or a bank-transfer order is placed, opened signed out,
 * paid through the checkout's own online start (`startOnline` of payments.service.ts).
 */
import {
  type Currency,
  fromMinor,
  type Language,
  type OnlineMethod,
  type PaymentDevice,
  type PaymentQr,
} from '@atelier/shared';
import type { Tx } from '../../db/client';
import { AppError, Conflict, NotFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import type { PayLinkSigner } from './pay-links';
import { money, type OrderForPayment, type PaymentsServiceDeps } from './payments.contract';
import type { PaymentRow } from './payments.repo';
import { payLinkMail } from './payments.texts';

const DAY_MS = 86_400_000;

/** 410: the link existed, but works no more (its days ran out, or a newer one replaced it). */
const linkExpired = () => new AppError(410, 'PAY_LINK_EXPIRED', 'payLinkExpired');

/** The site path of the order's payment link ending at `until`. */
export const payLinkPath = (signer: PayLinkSigner, orderId: string, until: Date) =>
  `/pay/${signer.token(orderId, until)}`;

type Choice = { method?: OnlineMethod | undefined; device?: PaymentDevice | undefined };

export function createPaymentLinks<Started>(
  deps: PaymentsServiceDeps,
  payments: {
    offered(amount: { minor: number; currency: Currency }): OnlineMethod[];
    startOnline(order: OrderForPayment, lang: Language, choice: Choice, returnUrl?: string): Promise<Started>;
    qrView(row: PaymentRow | null): PaymentQr | null;
  },
) {
  const { db, repo, orders, providers } = deps;
  const { signer, days } = deps.payLinks;
  const clock = deps.now ?? (() => new Date());
  const linkUrl = (orderId: string, until: Date) => `${deps.publicUrl}${payLinkPath(signer, orderId, until)}`;

  /**
   * The order a link names while the link works; else the 4xx saying why, checked in this order:
   * unknown or forged (404), cancelled (409 ORDER_NOT_PAYABLE), paid (409 ORDER_ALREADY_PAID, with
   * its number), replaced by a newer link or past its end (410).
   */
  async function linkedOrder(token: string): Promise<{ order: OrderForPayment; until: Date }> {
    const named = signer.read(token);
    const order = named ? await orders.getForPayment(db, named.orderId) : null;
    if (!named || !order?.payLinkUntil) throw new NotFound('payLinkInvalid', 'PAY_LINK_INVALID');
    if (order.status === 'cancelled') throw new Conflict('orderNotPayable', undefined, 'ORDER_NOT_PAYABLE');
    if (order.status !== 'pending' || order.paymentState === 'paid') {
      throw new Conflict('paymentAlreadyPaid', { number: order.number }, 'ORDER_ALREADY_PAID');
    }
    if (order.payLinkUntil.getTime() !== named.until.getTime()) throw linkExpired();
    if (clock().getTime() >= named.until.getTime()) throw linkExpired();
    return { order, until: named.until };
  }

  return {
    /**
     * Opens the order's payment link and mails it to the account's address (unless `mail: false`:
     * the caller's own mail carries it), in the transaction that placed the order. Only an order
     * YooKassa can take: pending, card or bank transfer, in roubles, with something to pay that an
     * offered way fits, card payments on. Returns the link, or null when the order gets none.
     */
    async issuePayLink(tx: Tx, orderId: string, options: { mail?: boolean } = {}): Promise<string | null> {
      if (!providers.card) return null;
      const order = await orders.getForPayment(tx, orderId);
      if (order?.status !== 'pending') return null;
      if (order.paymentMethod !== 'card' && order.paymentMethod !== 'bank_transfer') return null;
      // Online payments are in roubles: an order in euros or dollars (its transfer in that
      // currency) would be charged another sum than its own, so it gets none (as at the checkout,
      // where a card takes roubles only).
      if (order.currency !== 'RUB') return null;
      if (payments.offered({ minor: order.totalRubMinor, currency: 'RUB' }).length === 0) return null;
      const now = clock();
      const until = await orders.openPayLink(tx, order.id, new Date(now.getTime() + days * DAY_MS));
      if (!until || until.getTime() <= now.getTime()) return null;
      const url = linkUrl(order.id, until);
      const to = options.mail === false ? null : await repo.accountEmail(tx, order.userId);
      if (to) {
        await enqueueMail(
          tx,
          payLinkMail(to, order.language, {
            number: order.number,
            total: money(order.totalRubMinor, 'RUB', order.language),
            url,
            until,
            transfer: order.paymentMethod === 'bank_transfer',
          }),
        );
      }
      return url;
    },

    /** `GET /api/pay/{token}`: what the link pays — that one order, nothing about its customer. */
    async payLinkView(token: string) {
      const { order, until } = await linkedOrder(token);
      return {
        orderNumber: order.number,
        total: order.totalRubMinor / 100,
        currency: 'RUB' as const,
        // Roubles, as the total: a link is only issued to an order in roubles.
        lines: (order.lines ?? []).map(({ unitPriceRubMinor, ...line }) => ({
          ...line,
          unitPrice: fromMinor(unitPriceRubMinor),
          lineTotal: fromMinor(unitPriceRubMinor * line.quantity),
        })),
        delivery: fromMinor(order.charges?.deliveryRubMinor ?? 0),
        discount: fromMinor(order.charges?.discountRubMinor ?? 0),
        giftCertificate: fromMinor(order.charges?.giftCertificateRubMinor ?? 0),
        expiresAt: until.toISOString(),
        paymentState: order.paymentState,
        qr: payments.qrView(await repo.findLivePayment(db, order.id)),
      };
    },

    /**
     * `POST /api/pay/{token}`: a fresh payment of the order the link names, exactly as the
     * checkout's "Pay"; the provider sends the buyer back to the link's page.
     */
    async payByLink(token: string, lang: Language, choice: Choice = {}) {
      const { order, until } = await linkedOrder(token);
      return payments.startOnline(order, lang, choice, linkUrl(order.id, until));
    },
  };
}
