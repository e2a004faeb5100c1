/**
 * Custom order requests (docs/decisions/0049). The status machine, each step under the request's
 * row lock and refused with 409 from any other status:
 *
 *   new ──quote──▶ quoted ──accept──▶ accepted ──deposit paid──▶ deposit_paid ──▶ in_work ──▶ done
 *    │              │  ▲ quote again   (deposit 0 %: accept goes straight to deposit_paid)
 *    └──decline─────┴──┴──────────┴──▶ declined   (the customer from quoted; the admin from new,
 *                                                  quoted, or accepted while no deposit is paid
 *                                                  or waiting to be paid)
 *
 * The deposit and the balance are each an order of one `custom_order` line in the quote's
 * currency, paid through payments like a gift certificate's order; `orderConfirmed` (card webhook,
 * PayPal capture, the admin marking it paid) moves the request on. The balance can be paid once
 * the deposit is (deposit_paid or in_work); `done` needs it paid (or none, a 100 % deposit).
 * Every step mails the other side, in the transaction of the step.
 */
import {
  type AdminCustomRequestsQuery,
  type CreateCustomRequestBody,
  type CustomQuoteBody,
  type CustomRequest,
  customDateProblem,
  fromMinor,
  type Image,
  LANGUAGES,
  type Language,
  type ListMeta,
  type LocalizedText,
  MAX_OPEN_CUSTOM_REQUESTS,
  type Order,
  type ServerMessageKey,
  splitQuote,
  toMinor,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { localDate } from '../../platform/dates';
import { Conflict, InvalidFields, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import type { ImagePipeline } from '../../platform/images/images';
import { createUploadSlots } from '../../platform/images/upload-slots';
import { enqueueMail } from '../../platform/mail/outbox';
import type { FiscalOf } from '../checkout/checkout.schemas';
import type { CheckoutService } from '../checkout/checkout.service';
import type { OrderEvent } from '../orders/orders.schemas';
import type { OrderForPayment } from '../orders/orders.service';
import { type AdminMailInput, adminMail, customerMail, customText, occasionLabel } from './custom-orders.mail';
import { type CustomRequestRow, type CustomRequestView, customOrdersRepo as repo } from './custom-orders.repo';

/** Where reference photos are stored (the image pipeline's folder). */
export const CUSTOM_PHOTOS_FOLDER = 'custom-orders';

export interface CustomOrdersDeps {
  db: Db;
  images: ImagePipeline;
  /** Places the order of a deposit or a balance. */
  checkout: Pick<CheckoutService, 'placeCustomOrderPayment'>;
  orders: {
    getForPayment(q: Db | Tx, orderId: string): Promise<OrderForPayment | null>;
    getVisible(id: string, viewer: { id: string; role: string }): Promise<Order>;
  };
  /**
   * Opens and mails the payment link (valid for days) of a new deposit or balance order, in its
   * transaction (payments, docs/decisions/0083).
   */
  payLinks?: { issuePayLink(tx: Tx, orderId: string): Promise<unknown> };
  /** The owner's notice address and the language of her notices. */
  owner: { email: string; language(q: Db | Tx): Promise<Language> };
  publicUrl: string;
  /** The shop's time zone: "today" for the dates. */
  timeZone: string;
  now?: () => Date;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A 400 on one field. */
const fieldProblem = (field: string, key: ServerMessageKey) => new InvalidFields(key, [{ field, message: key }]);

const notAllowed = (status: string) => new Conflict('customStepNotAllowed', { status }, 'CUSTOM_STEP_NOT_ALLOWED');

function split(row: CustomRequestRow): { depositMinor: number; balanceMinor: number } | null {
  if (row.quotePriceMinor === null || row.depositPercent === null) return null;
  return splitQuote(row.quotePriceMinor, row.depositPercent);
}

/** What the customer can pay now. */
function nextPayment(row: CustomRequestRow): 'deposit' | 'balance' | null {
  const parts = split(row);
  if (!parts) return null;
  if (row.status === 'accepted' && parts.depositMinor > 0 && !row.depositPaidAt) return 'deposit';
  if ((row.status === 'deposit_paid' || row.status === 'in_work') && parts.balanceMinor > 0 && !row.balancePaidAt) {
    return 'balance';
  }
  return null;
}

/** Reference photos are private: the customer and the admin get short-lived signed URLs. */
function present(view: CustomRequestView, admin: boolean, show: (image: Image) => Image): CustomRequest {
  const { request: row } = view;
  const parts = split(row);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    occasion: row.occasion,
    occasionOther: row.occasionOther,
    dateNeeded: row.dateNeeded,
    colours: row.colours,
    budget: row.budgetMinor === null ? null : fromMinor(row.budgetMinor),
    budgetCurrency: row.budgetCurrency,
    description: row.description,
    photos: row.photos.map(show),
    portfolioItem:
      row.portfolioItemId && view.portfolioTitle
        ? { id: row.portfolioItemId, title: view.portfolioTitle as LocalizedText }
        : null,
    language: row.language,
    quote:
      parts && row.quoteCurrency && row.quoteDueDate && row.quotedAt
        ? {
            price: fromMinor(row.quotePriceMinor!),
            currency: row.quoteCurrency,
            depositPercent: row.depositPercent!,
            deposit: fromMinor(parts.depositMinor),
            balance: fromMinor(parts.balanceMinor),
            dueDate: row.quoteDueDate,
            message: row.quoteMessage,
            quotedAt: row.quotedAt.toISOString(),
          }
        : null,
    deposit: { orderId: row.depositOrderId, paidAt: iso(row.depositPaidAt) },
    balance: { orderId: row.balanceOrderId, paidAt: iso(row.balancePaidAt) },
    nextPayment: nextPayment(row),
    declinedBy: row.declinedBy,
    declineNote: row.declineNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(admin
      ? {
          customer:
            row.userId && view.customerName !== null
              ? { id: row.userId, name: view.customerName, email: view.customerEmail }
              : null,
        }
      : {}),
  };
}

/**
 * A deposit or balance of a custom piece is money for a piece not made yet, handed over outside the
 * shop's orders: an advance too (the `custom_order` entry of `fiscalKinds` in src/services.ts).
 */
export const customOrderFiscal: FiscalOf = () => ({ subject: 'advance', mode: 'advance', note: null });

export function createCustomOrdersService(deps: CustomOrdersDeps) {
  const { db, images } = deps;
  const clock = deps.now ?? (() => new Date());
  const slots = createUploadSlots(deps.db);
  const base = siteLinks(deps.publicUrl).base;
  const accountUrl = (id: string) => `${base}/account/custom-orders/${id}`;
  const adminUrl = (id: string) => `${base}/admin/custom-orders/${id}`;

  async function view(q: Db | Tx, id: string, admin: boolean): Promise<CustomRequest> {
    const found = await repo.view(q, id);
    if (!found) throw new NotFound();
    return present(found, admin, images.privateView);
  }

  /** The customer's own request, locked; someone else's is 404 like one that does not exist. */
  async function ownLocked(tx: Tx, userId: string, id: string): Promise<CustomRequestRow> {
    const row = await repo.find(tx, id, { lock: true });
    if (!row || row.userId !== userId) throw new NotFound();
    return row;
  }

  async function lockedOrThrow(tx: Tx, id: string): Promise<CustomRequestRow> {
    const row = await repo.find(tx, id, { lock: true });
    if (!row) throw new NotFound();
    return row;
  }

  async function toCustomer(
    tx: Tx,
    row: CustomRequestRow,
    build: (to: { email: string; name: string }) => Parameters<typeof customerMail>[0],
  ): Promise<void> {
    const customer = await repo.customer(tx, row.userId);
    if (customer) await enqueueMail(tx, customerMail(build(customer)));
  }

  async function toAdmin(
    tx: Tx,
    row: CustomRequestRow,
    build: (base: { to: string; lang: Language; number: number; url: string; customerName: string }) => AdminMailInput,
  ): Promise<void> {
    const customer = await repo.customer(tx, row.userId);
    const lang = await deps.owner.language(tx);
    await enqueueMail(
      tx,
      adminMail(
        build({
          to: deps.owner.email,
          lang,
          number: row.number,
          url: adminUrl(row.id),
          customerName: customer?.name ?? '—',
        }),
      ),
    );
  }

  async function removePhotos(list: Image[]): Promise<void> {
    await Promise.all(list.map((image) => images.remove(image).catch(() => undefined)));
  }

  return {
    // ---------------------------------------------------------------- customers

    /**
     * A new request. Cheap checks first (date, portfolio piece, the cap of open requests), then the
     * photos through the review image pipeline (checked by content, converted, stored), then the
     * row; a failure after a photo was stored removes every stored photo again.
     */
    async create(
      user: SessionUser,
      body: CreateCustomRequestBody,
      photos: Buffer[],
      language: Language,
    ): Promise<CustomRequest> {
      const today = localDate(clock(), deps.timeZone);
      const problem = customDateProblem(body.dateNeeded, today);
      if (problem) throw fieldProblem('dateNeeded', problem);
      if (body.portfolioItemId && !(await repo.portfolioItemExists(db, body.portfolioItemId))) {
        throw fieldProblem('portfolioItemId', 'customPortfolioItemUnknown');
      }
      // Photos refused by their headers cost no slot and no lock.
      for (const photo of photos) await images.inspect(photo, CUSTOM_PHOTOS_FOLDER);
      const tooMany = () =>
        new Conflict('customTooManyOpen', { max: MAX_OPEN_CUSTOM_REQUESTS }, 'CUSTOM_TOO_MANY_OPEN');
      // Counted under a lock per customer before the photos cost anything, the requests still
      // converting theirs included, and once more before the write.
      const slot = await slots.take({
        kind: 'custom-order',
        accountId: user.id,
        max: MAX_OPEN_CUSTOM_REQUESTS,
        stored: (tx) => repo.openCount(tx, user.id),
        refuse: tooMany,
      });

      const stored: Image[] = [];
      try {
        for (const photo of photos) stored.push(await images.ingest(photo, CUSTOM_PHOTOS_FOLDER, 'private'));
        const id = await db.transaction(async (tx) => {
          await repo.lockUser(tx, user.id);
          await slot.settle(tx);
          if ((await repo.openCount(tx, user.id)) >= MAX_OPEN_CUSTOM_REQUESTS) throw tooMany();
          const row = await repo.insert(tx, {
            userId: user.id,
            status: 'new',
            occasion: body.occasion,
            occasionOther: body.occasion === 'other' ? (body.occasionOther ?? null) : null,
            dateNeeded: body.dateNeeded,
            colours: body.colours,
            budgetMinor: body.budget === undefined ? null : toMinor(body.budget),
            budgetCurrency: body.budget === undefined ? null : (body.budgetCurrency ?? null),
            description: body.description,
            photos: stored,
            portfolioItemId: body.portfolioItemId ?? null,
            language,
          });
          await toAdmin(tx, row, (to) => ({
            ...to,
            customerName: user.name,
            kind: 'new',
            customerEmail: user.email ?? '',
            occasion: occasionLabel(row.occasion, row.occasionOther, to.lang),
            dateNeeded: row.dateNeeded,
            colours: row.colours,
            budget:
              row.budgetMinor !== null && row.budgetCurrency
                ? { minor: row.budgetMinor, currency: row.budgetCurrency }
                : null,
            description: row.description,
            photos: stored.length,
          }));
          return row.id;
        });
        return view(db, id, false);
      } catch (error) {
        await removePhotos(stored);
        throw error;
      } finally {
        await slot.release();
      }
    },

    /** The customer's requests, newest first. */
    async mine(userId: string): Promise<CustomRequest[]> {
      return (await repo.listForUser(db, userId)).map((found) => present(found, false, images.privateView));
    },

    /** One of the customer's own requests (404 for anyone else's). */
    async getMine(userId: string, id: string): Promise<CustomRequest> {
      const found = await repo.view(db, id);
      if (!found || found.request.userId !== userId) throw new NotFound();
      return present(found, false, images.privateView);
    },

    /** The customer accepts the quote she saw: accepted, or (no deposit) straight to waiting for work. */
    async accept(user: SessionUser, id: string, quotedAt: string): Promise<CustomRequest> {
      await db.transaction(async (tx) => {
        const row = await ownLocked(tx, user.id, id);
        if (row.status !== 'quoted') throw notAllowed(row.status);
        // Re-quoted since the customer looked: she accepts only what she saw.
        if (row.quotedAt?.toISOString() !== new Date(quotedAt).toISOString()) {
          throw new Conflict('customQuoteChanged', undefined, 'CUSTOM_QUOTE_CHANGED');
        }
        const now = clock();
        const noDeposit = row.depositPercent === 0;
        const next = await repo.update(tx, id, {
          status: noDeposit ? 'deposit_paid' : 'accepted',
          acceptedAt: now,
        });
        await toAdmin(tx, next, (to) => ({
          ...to,
          kind: 'accepted',
          priceMinor: next.quotePriceMinor!,
          currency: next.quoteCurrency!,
        }));
      });
      return view(db, id, false);
    },

    /** The customer declines the quote. */
    async decline(user: SessionUser, id: string, note: string | undefined): Promise<CustomRequest> {
      await db.transaction(async (tx) => {
        const row = await ownLocked(tx, user.id, id);
        if (row.status !== 'quoted') throw notAllowed(row.status);
        const next = await repo.update(tx, id, {
          status: 'declined',
          declinedBy: 'customer',
          declineNote: note || null,
        });
        await toAdmin(tx, next, (to) => ({ ...to, kind: 'declined', note: next.declineNote }));
      });
      return view(db, id, false);
    },

    /**
     * The order of the deposit or the balance, to pay through payments. Asked again while that
     * order waits for payment, the same order comes back (never a second one to pay); one that
     * expired unpaid is replaced. Anything not payable now (paid already, declined, the wrong
     * step) is 409.
     */
    async pay(
      user: SessionUser,
      id: string,
      part: 'deposit' | 'balance',
      language: Language,
    ): Promise<{ request: CustomRequest; order: Order }> {
      const orderId = await db.transaction(async (tx) => {
        const row = await ownLocked(tx, user.id, id);
        if (nextPayment(row) !== part) {
          throw new Conflict('customNothingToPay', { status: row.status, part }, 'CUSTOM_NOTHING_TO_PAY');
        }
        const current = part === 'deposit' ? row.depositOrderId : row.balanceOrderId;
        if (current) {
          const existing = await deps.orders.getForPayment(tx, current);
          if (existing && existing.status === 'pending') return existing.id;
          if (existing && existing.status !== 'cancelled') {
            // Paid and waiting to be confirmed: not a second time.
            throw new Conflict('customNothingToPay', { status: row.status, part }, 'CUSTOM_NOTHING_TO_PAY');
          }
        }
        const parts = split(row)!;
        const amountMinor = part === 'deposit' ? parts.depositMinor : parts.balanceMinor;
        const key = part === 'deposit' ? 'lineDeposit' : 'lineBalance';
        const name = Object.fromEntries(
          LANGUAGES.map((lang) => [lang, customText(key, lang, { number: row.number })]),
        ) as Record<Language, string>;
        const order = await deps.checkout.placeCustomOrderPayment(tx, {
          user,
          currency: row.quoteCurrency!,
          amountMinor,
          name,
          language,
        });
        await repo.update(tx, id, part === 'deposit' ? { depositOrderId: order.id } : { balanceOrderId: order.id });
        await deps.payLinks?.issuePayLink(tx, order.id);
        return order.id;
      });
      const order = await deps.orders.getVisible(orderId, { id: user.id, role: 'user' });
      return { request: await view(db, id, false), order };
    },

    // ---------------------------------------------------------------- listener (src/events.ts)

    /** A deposit or balance order is paid: the request moves on, both sides are told. */
    async onOrderConfirmed(tx: Tx, event: OrderEvent): Promise<void> {
      if (!event.items.some((item) => item.type === 'custom_order')) return;
      const row = await repo.byOrder(tx, event.orderId);
      if (!row) return;
      const parts = split(row);
      if (!parts || !row.quoteCurrency) return;
      const now = clock();
      let part: 'deposit' | 'balance';
      let next: CustomRequestRow;
      if (row.depositOrderId === event.orderId && row.status === 'accepted' && !row.depositPaidAt) {
        part = 'deposit';
        next = await repo.update(tx, row.id, { status: 'deposit_paid', depositPaidAt: now });
      } else if (row.balanceOrderId === event.orderId && !row.balancePaidAt) {
        part = 'balance';
        next = await repo.update(tx, row.id, { balancePaidAt: now });
      } else {
        return;
      }
      const amountMinor = part === 'deposit' ? parts.depositMinor : parts.balanceMinor;
      const currency = row.quoteCurrency;
      await toCustomer(tx, next, (to) => ({
        to: to.email,
        name: to.name,
        lang: next.language,
        number: next.number,
        url: accountUrl(next.id),
        kind: 'paid',
        part,
        amountMinor,
        currency,
      }));
      await toAdmin(tx, next, (to) => ({ ...to, kind: 'paid', part, amountMinor, currency }));
    },

    /**
     * A deposit or balance order is cancelled. Unpaid (expired), nothing changes: the next "pay"
     * makes a new order. Paid (the admin cancels it to refund), the payment no longer counts: a
     * paid deposit before work started puts the request back to `accepted`; a paid balance before
     * `done` is due again. Once work started (deposit) or the piece is done (balance) the request
     * stays as it is: the admin settles that with the customer.
     */
    async onOrderCancelled(tx: Tx, event: OrderEvent): Promise<void> {
      if (!event.items.some((item) => item.type === 'custom_order')) return;
      const row = await repo.byOrder(tx, event.orderId);
      if (!row) return;
      if (row.depositOrderId === event.orderId && row.depositPaidAt && row.status === 'deposit_paid') {
        await repo.update(tx, row.id, { status: 'accepted', depositPaidAt: null });
      } else if (row.balanceOrderId === event.orderId && row.balancePaidAt && row.status !== 'done') {
        await repo.update(tx, row.id, { balancePaidAt: null });
      }
    },

    // ---------------------------------------------------------------- admin

    async list(query: AdminCustomRequestsQuery): Promise<{ items: CustomRequest[]; meta: ListMeta }> {
      const { rows, total } = await repo.listAdmin(db, query);
      return {
        items: rows.map((found) => present(found, true, images.privateView)),
        meta: { total, page: query.page, limit: query.limit },
      };
    },

    get: (id: string) => view(db, id, true),

    /** The admin's quote (again while quoted: it replaces the last one). */
    async quote(id: string, body: CustomQuoteBody): Promise<CustomRequest> {
      const problem = customDateProblem(body.dueDate, localDate(clock(), deps.timeZone));
      if (problem) throw fieldProblem('dueDate', problem);
      await db.transaction(async (tx) => {
        const row = await lockedOrThrow(tx, id);
        if (row.status !== 'new' && row.status !== 'quoted') throw notAllowed(row.status);
        const priceMinor = toMinor(body.price);
        const next = await repo.update(tx, id, {
          status: 'quoted',
          quotePriceMinor: priceMinor,
          quoteCurrency: body.currency,
          depositPercent: body.depositPercent,
          quoteDueDate: body.dueDate,
          quoteMessage: body.message || null,
          quotedAt: clock(),
        });
        const parts = splitQuote(priceMinor, body.depositPercent);
        await toCustomer(tx, next, (to) => ({
          to: to.email,
          name: to.name,
          lang: next.language,
          number: next.number,
          url: accountUrl(next.id),
          kind: 'quote',
          priceMinor,
          currency: body.currency,
          depositPercent: body.depositPercent,
          depositMinor: parts.depositMinor,
          balanceMinor: parts.balanceMinor,
          dueDate: body.dueDate,
          message: next.quoteMessage,
        }));
      });
      return view(db, id, true);
    },

    /**
     * The admin declines a request nothing has been paid for: new, quoted, or accepted with no
     * deposit order but a cancelled one (a customer who accepted and never paid must not hold the
     * request open forever). A deposit order waiting for its payment is 409: cancelled first (the
     * orders page), it can no longer be paid for a declined request.
     */
    async adminDecline(id: string, note: string | undefined): Promise<CustomRequest> {
      await db.transaction(async (tx) => {
        const row = await lockedOrThrow(tx, id);
        if (row.status !== 'new' && row.status !== 'quoted' && row.status !== 'accepted') throw notAllowed(row.status);
        if (row.status === 'accepted' && row.depositOrderId) {
          const deposit = await deps.orders.getForPayment(tx, row.depositOrderId);
          if (deposit && deposit.status !== 'cancelled') {
            throw new Conflict('customDepositPending', { orderId: deposit.id }, 'CUSTOM_DEPOSIT_PENDING');
          }
        }
        const next = await repo.update(tx, id, { status: 'declined', declinedBy: 'admin', declineNote: note || null });
        await toCustomer(tx, next, (to) => ({
          to: to.email,
          name: to.name,
          lang: next.language,
          number: next.number,
          url: accountUrl(next.id),
          kind: 'declined',
          note: next.declineNote,
        }));
      });
      return view(db, id, true);
    },

    /** deposit_paid → in_work; in_work → done once nothing is left to pay. */
    async setStatus(id: string, status: 'in_work' | 'done'): Promise<CustomRequest> {
      await db.transaction(async (tx) => {
        const row = await lockedOrThrow(tx, id);
        const from = status === 'in_work' ? 'deposit_paid' : 'in_work';
        if (row.status !== from) throw notAllowed(row.status);
        if (status === 'done' && split(row)!.balanceMinor > 0 && !row.balancePaidAt) {
          throw new Conflict('customBalanceUnpaid', undefined, 'CUSTOM_BALANCE_UNPAID');
        }
        const now = clock();
        const next = await repo.update(
          tx,
          id,
          status === 'in_work' ? { status, startedAt: now } : { status, doneAt: now },
        );
        await toCustomer(tx, next, (to) => ({
          to: to.email,
          name: to.name,
          lang: next.language,
          number: next.number,
          url: accountUrl(next.id),
          kind: status,
        }));
      });
      return view(db, id, true);
    },
  };
}
export type CustomOrdersService = ReturnType<typeof createCustomOrdersService>;
