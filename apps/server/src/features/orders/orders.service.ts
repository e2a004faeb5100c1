/**
 * Orders: an order once placed (features/checkout prices and places it, writing it through
 * `insertPlaced`): the status machine with history and customer mails (a cancel asks the
 * `cancelGuard` first), the customer's and the admin's reads, the CSV export, the carriers' and
 * payments' methods (docs/decisions/0012, 0070). What it needs of the catalogue (products,
 * lessons, courses) comes in as services, built in app.ts; the events it emits are declared in
 * orders.schemas.ts.
 */
import {
  type AdminOrdersQuery,
  type Currency,
  canTransition,
  formatMoney,
  fromMinor,
  goodsAllRefunded,
  goodsLeftToShip,
  type Language,
  type ListMeta,
  type Order,
  type OrderStatus,
  orderFullyRefunded,
  type PaymentMethod,
  type PaymentState,
  SERVER_MESSAGES,
  type ShipOrder,
  type Tracking,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict, NotFound } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { siteLinks } from '../../platform/http/links';
import { shopPhone } from '../../platform/mail/brand';
import { enqueueMail } from '../../platform/mail/outbox';
import { createOrderChange } from './orders.change';
import { ordersCsv } from './orders.csv';
import { createUnpaidHolds, type UnpaidHoldsDeps } from './orders.holds';
import { createOrderLineRefunds, type LineKind, refuseRefunded, releaseHeld } from './orders.line-refunds';
import {
  type OrderMail,
  orderAwaitingPaymentMail,
  orderConfirmedMail,
  orderExpiredMail,
  orderShippedMail,
  orderStatusMail,
  orderTrackingMail,
} from './orders.mail';
import { openPayLink } from './orders.pay-link';
import { toEvent, toOrder, toPaymentView } from './orders.present';
import { type OrderItemRow, type OrderRow, ordersRepo, type PlacedPlan, type StatusEventRow } from './orders.repo';
import {
  DEFAULT_ORDER_POLICY,
  expiryCutoffs,
  type HoldSplit,
  mailsAwaitingPayment,
  mailsConfirmation,
  type OrderPolicy,
  orderHoldUntil,
} from './orders.rules';
import type { CancelGuard, OrderEvents, OrderForCarrier, OrderForPayment, OrderForReceipt } from './orders.schemas';

export interface ExpiringOrder {
  id: string;
  number: number;
  totalRub: number;
  /** The order's own currency and its total in it (major units). */
  currency: Currency;
  totalInCurrency: number;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  expiresAt: Date;
}

/**
 * Unpaid orders that the expiry sweeper will cancel within `windowMs` from `now` (the owner is
 * told, and the dashboard lists them). Same deadlines as the sweeper (orders.rules).
 */
export async function expiringOrders(
  q: Db | Tx,
  policy: Parameters<typeof expiryCutoffs>[1],
  now: Date,
  windowMs: number,
  limit = 200,
): Promise<ExpiringOrder[]> {
  const rows = await ordersRepo.expiringBetween(
    q,
    expiryCutoffs(now, policy),
    expiryCutoffs(new Date(now.getTime() + windowMs), policy),
    limit,
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    totalRub: fromMinor(row.totalRub),
    currency: row.currency,
    totalInCurrency: fromMinor(row.totalInCurrency ?? row.totalRub),
    customerEmail: row.customer.email,
    paymentMethod: row.paymentMethod,
    expiresAt: orderHoldUntil(row, policy),
  }));
}

type Q = Db | Tx;

/** Nobody's account: a line's picture read for an order whose account is gone. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

export type { HoldSplit, OrderForPayment };

export interface Actor {
  /** null = the system (a payment, a zero total). */
  userId: string | null;
}

/**
 * What orders needs of the catalogue, on the caller's transaction: counted stock given back (a
 * cancel, a refund), and taken when an order over the unpaid-hold caps starts paying.
 */
export interface OrdersCatalog {
  products: UnpaidHoldsDeps['catalog']['products'];
}

export type { LineKind };

export interface OrdersDeps {
  db: Db;
  events: Pick<EventBus<OrderEvents>, 'emit'>;
  catalog: OrdersCatalog;
  /** Per kind of line: its picture and its counted units given back; without it lines have no picture and hold nothing. */
  kinds?: Partial<Record<string, LineKind>> | undefined;
  /** Called after stock given back by a cancel commits (the shop's public cache is dropped). */
  stockChanged?: (() => void) | undefined;
  /** Link target in the mails ("My orders"). */
  publicUrl?: string | undefined;
  /** How long unpaid orders hold stock, and how many a customer may have open (config `orders`). */
  policy?: OrderPolicy | undefined;
  /**
   * Asked by the status machine before an order is cancelled (the gift-certificates ledger: an
   * order that sold a certificate already partly spent cannot be); without it every cancel the
   * machine allows goes through.
   */
  cancelGuard?: CancelGuard | undefined;
  /**
   * How a cash or bank-transfer order is paid, in the customer's words (the payments feature's
   * instructions with the shop's bank details), for its "awaiting payment" mail; without it the
   * mail says nothing of how.
   */
  offlineInstructions?:
    | ((method: 'cash' | 'bank_transfer', lang: Language, vars: { number: number; total: string }) => string)
    | undefined;
}

/**
 * An order priced by checkout, ready to be written: its row and lines, the stock it reserved, its
 * total (RUB minor units) and whether the open-orders limit applies to it (something is left unpaid).
 */
export interface OrderDraft extends Omit<PlacedPlan, 'maxOpenUnpaid'> {
  limitOpenUnpaid: boolean;
}

export function createOrdersService({
  db,
  events,
  catalog,
  kinds = {},
  stockChanged,
  publicUrl = '',
  policy = DEFAULT_ORDER_POLICY,
  cancelGuard,
  offlineInstructions,
}: OrdersDeps) {
  const holds = createUnpaidHolds({ db, catalog, policy, stockChanged });
  const siteUrl = siteLinks(publicUrl).base;
  const present = (row: OrderRow, items: OrderItemRow[], history?: StatusEventRow[]) =>
    toOrder(row, items, history, policy);

  /** Sets the parcel's tracking number on the locked order; mailed at once when it is already on its way. */
  async function applyTracking(tx: Tx, id: string, tracking: Tracking | null): Promise<void> {
    const row = await ordersRepo.find(tx, id, { lock: true });
    if (!row) throw new NotFound();
    if (row.delivery.method === 'none' || row.status === 'cancelled') {
      throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
    }
    const changed =
      (tracking?.carrier ?? null) !== row.trackingCarrier || (tracking?.number ?? null) !== row.trackingNumber;
    await ordersRepo.setTracking(tx, id, tracking);
    if (changed && tracking && (row.status === 'shipped' || row.status === 'delivered')) {
      const order = (await loadOrder(tx, id, false))!;
      await mailCustomer(tx, row.userId, orderTrackingMail(await withImages(order, row.userId, tx), siteUrl));
    }
  }

  async function loadOrder(q: Q, id: string, withHistory = true): Promise<Order | null> {
    const row = await ordersRepo.find(q, id);
    if (!row) return null;
    const [items, history] = await Promise.all([
      ordersRepo.items(q, [id]),
      withHistory ? ordersRepo.history(q, id) : Promise.resolve(undefined),
    ]);
    return present(row, items, history);
  }

  /** Queues `mail` to the account's verified address (none: nothing is sent). */
  async function mailCustomer(tx: Q, userId: string | null, mail: OrderMail): Promise<void> {
    const to = await ordersRepo.recipient(tx, userId);
    if (to) await enqueueMail(tx, { ...mail, to });
  }

  /**
   * One status change inside `tx`: checks the machine on the locked row, records the event,
   * gives stock back on cancel, queues the customer's mail and emits the domain event.
   */
  async function transition(
    tx: Tx,
    orderId: string,
    to: OrderStatus,
    actor: Actor,
    options: {
      note?: string | null;
      paymentState?: PaymentState;
      expired?: boolean;
      /** The customer's mail instead of the status mail; false: none (a step of a larger change). */
      mail?: false | ((order: Order) => OrderMail);
      /** The online way the bank reported the payment made (card, SBP, …), named in the "confirmed" mail. */
      paidWith?: string | null;
    } = {},
  ): Promise<{ row: OrderRow; items: OrderItemRow[]; stockReturned: boolean }> {
    const current = await ordersRepo.lock(tx, orderId);
    if (!current) throw new NotFound();
    if (!canTransition(current.status, to)) {
      throw new Conflict('orderTransitionNotAllowed', { from: current.status, to }, 'INVALID_TRANSITION');
    }
    if (to === 'cancelled') {
      const refusal = await cancelGuard?.mayCancel(tx, orderId);
      if (refusal) throw refusal;
    }
    if (to === 'processing' || to === 'shipped' || to === 'delivered') await refuseRefunded(tx, orderId);
    const row = await ordersRepo.setStatus(tx, orderId, to, options.paymentState);
    await ordersRepo.addEvent(tx, {
      orderId,
      from: current.status,
      to,
      actorUserId: actor.userId,
      note: options.note ?? null,
    });
    const items = await ordersRepo.items(tx, [orderId]);
    let stockReturned = false;
    if (to === 'cancelled') {
      // Exactly what each line recorded as taken, given back by the registration of its kind.
      stockReturned = await releaseHeld(
        kinds,
        tx,
        items.map((item) => ({ item, quantity: item.reservedQuantity })),
      );
    }
    // One mail per event (docs/decisions/0105): a confirmation is not mailed for a free access or
    // an order whose own feature mails its buyer (orders.rules `mailsConfirmation`).
    const mailed = options.mail !== false && (to !== 'confirmed' || options.mail || mailsConfirmation(row, items));
    if (mailed) {
      const order = await withImages(toOrder(row, items), row.userId, tx);
      await mailCustomer(
        tx,
        row.userId,
        options.mail
          ? options.mail(order)
          : options.expired
            ? orderExpiredMail(order, orderHoldUntil(current, policy), siteUrl)
            : to === 'confirmed'
              ? orderConfirmedMail(order, siteUrl, options.paidWith)
              : orderStatusMail(order, siteUrl),
      );
    }
    if (to === 'confirmed') await events.emit(tx, 'orderConfirmed', toEvent(row, items));
    if (to === 'cancelled') await events.emit(tx, 'orderCancelled', toEvent(row, items));
    if (to === 'shipped') await events.emit(tx, 'orderShipped', toEvent(row, items));
    return { row, items, stockReturned };
  }

  return {
    // ---- for checkout (features/checkout prices an order; orders writes and confirms it)

    /**
     * Locks the customer in `tx` before an order that leaves something unpaid is written: their
     * checkouts queue here, so the open-orders limit holds under concurrency.
     */
    async lockCustomer(tx: Tx, userId: string): Promise<void> {
      await ordersRepo.lockUser(tx, userId);
    },

    ...holds,
    /**
     * Writes a priced order inside `tx`: the order and its lines and the first history entry (no
     * mail: an online order is mailed once paid, an offline one by `mailAwaitingPayment` once the
     * checkout knows its payment link). 409 TOO_MANY_OPEN_ORDERS when it would leave the customer
     * more unpaid orders than the policy allows.
     */
    async insertPlaced(tx: Tx, draft: OrderDraft): Promise<Order> {
      const { limitOpenUnpaid, ...plan } = draft;
      const maxOpenUnpaid = limitOpenUnpaid ? policy.maxOpenUnpaid : null;
      const written = await ordersRepo.insertPlaced(tx, { ...plan, maxOpenUnpaid });
      if (!written) {
        const max = maxOpenUnpaid ?? 0;
        const text = (lang: Language) => SERVER_MESSAGES.tooManyOpenOrders[lang].replace('{max}', String(max));
        throw new Conflict(
          { ru: text('ru'), en: text('en'), es: text('es') },
          { maxOpenUnpaid: max },
          'TOO_MANY_OPEN_ORDERS',
        );
      }
      return present(written.row, written.items);
    },

    /**
     * The one mail of a cash or bank-transfer order just placed, in `tx`: it awaits payment, how to
     * pay and until when, and its payment link (`payLink`, when it got one). Nothing for any other
     * order (orders.rules `mailsAwaitingPayment`). Whether it was queued.
     */
    async mailAwaitingPayment(tx: Tx, orderId: string, extras: { payLink?: string | null } = {}): Promise<boolean> {
      const row = await ordersRepo.find(tx, orderId);
      if (!row) throw new NotFound();
      const order = await withImages(present(row, await ordersRepo.items(tx, [orderId])), row.userId, tx);
      if (!mailsAwaitingPayment(order) || (order.paymentMethod !== 'cash' && order.paymentMethod !== 'bank_transfer'))
        return false;
      const lang = order.language;
      const instructions =
        offlineInstructions?.(order.paymentMethod, lang, {
          number: order.number,
          total: formatMoney(order.amountDue, order.currency, lang),
        }) ?? '';
      const payBy = order.holdUntil ? new Date(order.holdUntil) : null;
      await mailCustomer(
        tx,
        row.userId,
        orderAwaitingPaymentMail(order, siteUrl, { instructions, payBy, payLink: extras.payLink ?? null }),
      );
      return true;
    },

    /**
     * An order just placed with nothing left to pay, confirmed at once by the system in `tx`: a zero
     * total, or one a gift certificate paid in full (then also marked paid). With its history.
     */
    async confirmAtOnce(tx: Tx, orderId: string, reason: 'zero total' | 'gift certificate'): Promise<Order> {
      await transition(
        tx,
        orderId,
        'confirmed',
        { userId: null },
        reason === 'gift certificate' ? { note: reason, paymentState: 'paid' } : { note: reason },
      );
      return (await loadOrder(tx, orderId))!;
    },

    // ---- the order

    /** Owner or admin; anyone else gets 404 (an order's existence is private). With each item's picture. */
    async getVisible(id: string, viewer: { id: string; role: string }): Promise<Order> {
      const order = await loadOrder(db, id);
      if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw new NotFound();
      return withImages(order, order.userId ?? viewer.id, db);
    },

    /** The same by the order's number (where the payment provider sends the buyer back). */
    async getVisibleByNumber(number: number, viewer: { id: string; role: string }): Promise<Order> {
      const row = await ordersRepo.findByNumber(db, number);
      if (!row) throw new NotFound();
      return this.getVisible(row.id, viewer);
    },

    async listForUser(
      userId: string,
      page: { page: number; limit: number },
    ): Promise<{ items: Order[]; meta: ListMeta }> {
      const { rows, total } = await ordersRepo.listForUser(db, userId, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return { items: await withItems(rows), meta: { total, page: page.page, limit: page.limit } };
    },

    async listAdmin(query: AdminOrdersQuery): Promise<{ items: Order[]; meta: ListMeta }> {
      const { rows, total } = await ordersRepo.listAdmin(db, query);
      return { items: await withItems(rows), meta: { total, page: query.page, limit: query.limit } };
    },

    /** The admin list's filters, every matching order (up to 50 000), as an Excel-friendly CSV. */
    async exportAdminCsv(query: Omit<AdminOrdersQuery, 'page' | 'limit'>, lang: Language): Promise<string> {
      const rows = await ordersRepo.listAdminAll(db, query, 50_000);
      const items = new Map<string, OrderItemRow[]>();
      // In slices: one IN list per 1 000 orders keeps each statement's parameters bounded.
      for (let i = 0; i < rows.length; i += 1000) {
        for (const item of await ordersRepo.items(
          db,
          rows.slice(i, i + 1000).map((row) => row.id),
        )) {
          items.set(item.orderId, [...(items.get(item.orderId) ?? []), item]);
        }
      }
      return ordersCsv(rows, items, lang);
    },

    /** Admin status change along the status machine of @atelier/shared (409 otherwise). */
    /**
     * Sets, corrects or (null) removes the parcel's tracking number. An order with nothing to ship
     * (digital goods and lessons only) or a cancelled one has no parcel: 409. Once the order is on
     * its way, a new number is mailed to the customer at once; before, it goes out with the
     * "shipped" mail.
     */
    async setTracking(id: string, tracking: Tracking | null): Promise<Order> {
      return db.transaction(async (tx) => {
        await applyTracking(tx, id, tracking);
        return (await loadOrder(tx, id))!;
      });
    },

    // ---- for carriers (features/cdek)

    /** The order as a carrier registers its parcel; null when there is no such order. */
    async forCarrier(q: Q, orderId: string): Promise<OrderForCarrier | null> {
      const row = await ordersRepo.find(q, orderId);
      if (!row) return null;
      const items = await ordersRepo.items(q, [orderId]);
      return {
        id: row.id,
        number: row.number,
        userId: row.userId,
        status: row.status,
        paymentState: row.paymentState,
        language: row.language,
        customer: row.customer,
        delivery: row.delivery,
        recipientEmail: await ordersRepo.recipient(q, row.userId),
        // The parcel's goods: units refunded by line stay out of it.
        goods: goodsLeftToShip(items).flatMap((item) =>
          item.productId
            ? [{ productId: item.productId, name: item.name, unitPriceRub: item.unitPriceRub, quantity: item.quantity }]
            : [],
        ),
      };
    },

    /**
     * The carrier moved the parcel on: the order follows along the status machine inside `tx`
     * (history without an actor, the customer's status mail, the order events). A step the machine
     * does not allow from where the order is now is skipped: false.
     */
    async advanceStatus(tx: Tx, orderId: string, to: OrderStatus, note: string): Promise<boolean> {
      const current = await ordersRepo.lock(tx, orderId);
      if (!current || !canTransition(current.status, to)) return false;
      if (to !== 'cancelled' && orderFullyRefunded(await ordersRepo.items(tx, [orderId]))) return false;
      await transition(tx, orderId, to, { userId: null }, { note });
      return true;
    },

    /** The carrier's tracking number, set inside `tx` (mailed at once when the parcel is already on its way). */
    async setCarrierTracking(tx: Tx, orderId: string, tracking: Tracking): Promise<void> {
      await applyTracking(tx, orderId, tracking);
    },

    /**
     * Ships a paid order in one step: records the carrier and its tracking number, walks the status
     * machine (paid → processing → shipped, each step checked and recorded on the locked row) and
     * queues exactly one mail, the "shipped" one with the tracking link (or "ready for pickup").
     * The same shipment submitted again (a second tab, a retried request) changes nothing and mails
     * nothing; a different one for an order already on its way is a 409 (the tracking panel
     * corrects it). Unpaid, cancelled or nothing to ship: 409, nothing changed.
     */
    async ship(id: string, input: ShipOrder, actor: Actor): Promise<{ order: Order; changed: boolean }> {
      return db.transaction(async (tx) => {
        const current = await ordersRepo.lock(tx, id);
        if (!current) throw new NotFound();
        if (current.status === 'shipped' || current.status === 'delivered') {
          const same = current.trackingCarrier === input.carrier && (current.trackingNumber ?? null) === input.tracking;
          if (!same) throw new Conflict('orderAlreadyShipped', undefined, 'ALREADY_SHIPPED');
          return { order: (await loadOrder(tx, id))!, changed: false };
        }
        if (current.status !== 'confirmed' && current.status !== 'processing') {
          throw new Conflict(
            'orderTransitionNotAllowed',
            { from: current.status, to: 'shipped' },
            'INVALID_TRANSITION',
          );
        }
        if (current.delivery.method === 'none') throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
        await refuseRefunded(tx, id);
        // Goods all given back (a lesson kept, say): nothing is left for the parcel.
        if (goodsAllRefunded(await ordersRepo.items(tx, [id])))
          throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
        await ordersRepo.setTracking(tx, id, { carrier: input.carrier, number: input.tracking });
        if (current.status === 'confirmed') await transition(tx, id, 'processing', actor, { mail: false });
        const phone = input.carrier === 'pickup' ? await shopPhone(tx) : null;
        await transition(tx, id, 'shipped', actor, {
          note: input.note,
          mail: (order) => orderShippedMail(order, input.note, siteUrl, { phone }),
        });
        return { order: (await loadOrder(tx, id))!, changed: true };
      });
    },

    async changeStatus(id: string, to: OrderStatus, actor: Actor): Promise<Order> {
      const result = await db.transaction(async (tx) => {
        const changed = await transition(tx, id, to, actor);
        return { changed, order: (await loadOrder(tx, id))! };
      });
      if (result.changed.stockReturned) stockChanged?.();
      return result.order;
    },

    /**
     * Cancels every unpaid order whose hold ran out by `now` (PENDING_ORDER_HOURS for card/PayPal,
     * PENDING_TRANSFER_DAYS for cash/bank transfer), one order per transaction, through the same
     * cancel path as an admin: stock back, order events release seats, promo uses and grants, the
     * customer gets the expiry mail, the history names no actor (the system). Safe to run in
     * several instances at once: each order is claimed with FOR UPDATE SKIP LOCKED and re-checked.
     * An order whose cancel fails is skipped for the rest of this call and reported.
     */
    async expireDue(
      now: Date,
      options: { limit?: number } = {},
    ): Promise<{ expired: string[]; failed: { orderId: string; error: unknown }[] }> {
      const limit = options.limit ?? 500;
      const cutoffs = expiryCutoffs(now, policy);
      const expired: string[] = [];
      const failed: { orderId: string; error: unknown }[] = [];
      let stockReturned = false;
      while (expired.length + failed.length < limit) {
        let claimed: string | null = null;
        try {
          const done = await db.transaction(async (tx) => {
            claimed = await ordersRepo.claimExpired(
              tx,
              cutoffs,
              failed.map((f) => f.orderId),
            );
            if (!claimed) return false;
            const changed = await transition(
              tx,
              claimed,
              'cancelled',
              { userId: null },
              { note: 'expired', expired: true },
            );
            stockReturned ||= changed.stockReturned;
            return true;
          });
          if (!done) break;
          expired.push(claimed!);
        } catch (error) {
          if (!claimed) throw error;
          failed.push({ orderId: claimed, error });
        }
      }
      if (stockReturned) stockChanged?.();
      return { expired, failed };
    },

    ...createOrderChange(transition),

    // ---- for payments

    async getForPayment(q: Q, orderId: string): Promise<OrderForPayment | null> {
      const row = await ordersRepo.find(q, orderId);
      if (!row) return null;
      const items = await ordersRepo.items(q, [orderId]);
      // What a gift certificate paid is not asked for again.
      const dueRub = row.totalRub - row.giftCertificateRub;
      const inCurrency = (row.totalInCurrency ?? row.totalRub) - row.giftCertificateMinor;
      return {
        id: row.id,
        number: row.number,
        customerFirstName: row.customer.firstName,
        userId: row.userId,
        status: row.status,
        paymentState: row.paymentState,
        paymentMethod: row.paymentMethod,
        currency: row.currency,
        language: row.language,
        customerEmail: row.customer.email,
        recipientEmail: await ordersRepo.recipient(q, row.userId),
        holdUntil: row.status === 'pending' ? orderHoldUntil(row, policy) : null,
        payLinkUntil: row.payLinkUntil,
        totalRub: fromMinor(dueRub),
        totalRubMinor: dueRub,
        totalInCurrency: fromMinor(inCurrency),
        totalInCurrencyMinor: inCurrency,
        items: toEvent(row, items).items,
        ...toPaymentView(row, items),
      };
    },

    /** Opens the pending order's payment link (orders.pay-link.ts); null when it is not pending. */
    openPayLink: (tx: Tx, orderId: string, wanted: Date) => openPayLink(tx, orderId, wanted, policy),

    /** What the order's fiscal receipt is made from; null when there is no such order. */
    async forReceipt(q: Q, orderId: string): Promise<OrderForReceipt | null> {
      const row = await ordersRepo.find(q, orderId);
      if (!row) return null;
      const items = await ordersRepo.items(q, [orderId]);
      return {
        id: row.id,
        number: row.number,
        // YooKassa mails the receipt: to the account's verified address like every order mail; the
        // address typed at checkout only once the account is gone (a fiscal receipt needs a contact).
        customerEmail: (await ordersRepo.recipient(q, row.userId)) ?? row.customer.email,
        lines: items.map((item) => ({
          id: item.id,
          type: item.type,
          bookFormat: item.bookFormat,
          name: item.name,
          unitPriceRub: item.unitPriceRub,
          quantity: item.quantity,
          refundedQuantity: item.refundedQuantity,
          refundedMinor: item.refundedMinor,
        })),
        discountRub: row.discountRub,
        deliveryMethod: row.delivery.method,
        deliveryCostRub: row.deliveryCostRub,
        totalRub: row.totalRub,
        giftCertificateRub: row.giftCertificateRub,
      };
    },

    ...createOrderLineRefunds({ events, kinds, stockChanged }),

    async setPaymentState(q: Q, orderId: string, state: PaymentState): Promise<void> {
      if (!(await ordersRepo.setPaymentState(q, orderId, state))) throw new NotFound();
    },

    /**
     * A successful payment: pending → confirmed (payment_state 'paid') with history, mail and
     * orderConfirmed in `tx`. Idempotent once confirmed or later; a cancelled order is a 409.
     */
    async confirmPaid(
      tx: Tx,
      orderId: string,
      options: { actorUserId?: string | null; note?: string; paidWith?: string | null } = {},
    ): Promise<{ changed: boolean; order: Order }> {
      const current = await ordersRepo.lock(tx, orderId);
      if (!current) throw new NotFound();
      if (current.status === 'cancelled')
        throw new Conflict('orderNotPayable', { status: current.status }, 'ORDER_NOT_PAYABLE');
      if (current.status !== 'pending') {
        if (current.paymentState !== 'paid') await ordersRepo.setPaymentState(tx, orderId, 'paid');
        return { changed: false, order: (await loadOrder(tx, orderId))! };
      }
      if (await holds.takeDeferredOf(tx, orderId)) stockChanged?.(); // paid with no online start (Mark paid)
      await transition(
        tx,
        orderId,
        'confirmed',
        { userId: options.actorUserId ?? null },
        {
          note: options.note ?? 'paid',
          paymentState: 'paid',
          paidWith: options.paidWith ?? null,
        },
      );
      return { changed: true, order: (await loadOrder(tx, orderId))! };
    },
  };

  /**
   * Each line with its current picture, as the catalogue of its kind shows it (null when it has
   * none or is gone), read on `q` (a mail's transaction, or the database).
   */
  async function withImages(order: Order, userId: string | null, q: Q): Promise<Order> {
    const byKind = new Map<string, ReadonlyMap<string, unknown>>();
    for (const kind of new Set(order.items.map((item) => item.type))) {
      const source = kinds[kind];
      const ids = [...new Set(order.items.flatMap((item) => (item.type === kind && item.refId ? [item.refId] : [])))];
      if (source && ids.length > 0) byKind.set(kind, await source.load(q, ids, userId ?? NOBODY));
    }
    return {
      ...order,
      items: order.items.map((item) => {
        const found = item.refId ? byKind.get(item.type)?.get(item.refId) : undefined;
        return { ...item, image: found === undefined ? null : (kinds[item.type]?.image(found) ?? null) };
      }),
    };
  }

  async function withItems(rows: OrderRow[]): Promise<Order[]> {
    const items = await ordersRepo.items(
      db,
      rows.map((row) => row.id),
    );
    const byOrder = new Map<string, OrderItemRow[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    return rows.map((row) => present(row, byOrder.get(row.id) ?? []));
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>;
