/**
 * Gift certificates (docs/decisions/0045): buying one, its delivery, the account's and the admin's
 * views. What a certificate pays of an order, and giving it back, is the ledger's
 * (gift-certificates.ledger.ts), which orders uses at checkout.
 *
 *   buy        the amount checked against the admin's presets and limits, the delivery day
 *              against today..+1 year (shop time zone); in one transaction an order of one
 *              `gift_certificate` line (paid like any order: card in roubles, PayPal in euros and
 *              dollars) and the certificate, `pending`, with its code
 *   paid       (orderConfirmed) the certificate turns `active` with its whole amount; the buyer is
 *              told; a gift for today is mailed to the recipient at once, in that transaction
 *   delivery   (`deliverDue(now)`, the sweeper in main.ts) every active certificate whose day has
 *              come gets its mail with the code and the printable PDF, once (delivered_at)
 *   cancelled  (orderCancelled) an order that spent a certificate gives it back (ledger); the
 *              order that bought one, unpaid, cancels it; paid and still whole, deactivates it;
 *              paid and partly spent, the ledger's `mayCancel` refused the cancellation (409)
 *              before it began
 *   admin      list and search, issue by hand (a giveaway, mailed or not), deactivate, history,
 *              presets and limits per currency
 */
import {
  type AdminGiftCertificate,
  type AdminGiftCertificatesQuery,
  type BuyGiftCertificateBody,
  CURRENCIES,
  type Currency,
  DEFAULT_GIFT_SETTINGS,
  deliveryDateProblem,
  fillText,
  formatGiftCode,
  formatMoney,
  fromMinor,
  type GiftCertificateOffer,
  type GiftCertificateSettings,
  giftAmountProblem,
  type IssueGiftCertificateBody,
  LANGUAGES,
  type Language,
  type ListMeta,
  lastDeliveryDate,
  type MyGiftCertificate,
  normalizeGiftCode,
  type Order,
  SERVER_MESSAGES,
  toMinor,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { SessionUser } from '../../platform/auth/sessions';
import { localDate } from '../../platform/dates';
import { Conflict, InvalidFields, NotFound } from '../../platform/errors';
import { siteLinks } from '../../platform/http/links';
import { enqueueMail } from '../../platform/mail/outbox';
import type { FiscalOf, GiftCertificateOrderInput } from '../checkout/checkout.schemas';
import type { OrderEvent } from '../orders/orders.schemas';
import type { GiftCertificatesLedger } from './gift-certificates.ledger';
import { buyerMail, giftMoney, giftText, recipientMail } from './gift-certificates.mail';
import { certificatePdf } from './gift-certificates.pdf';
import { type GiftCertificateRow, giftCertificatesRepo as repo } from './gift-certificates.repo';
import { deliverAtFor, newGiftCode } from './gift-certificates.rules';

export interface GiftCertificatesDeps {
  db: Db;
  ledger: GiftCertificatesLedger;
  orders: { placeGiftCertificateOrder(tx: Tx, input: GiftCertificateOrderInput): Promise<Order> };
  publicUrl: string;
  /** The shop's time zone: "today" and the morning a later day's mail goes out. */
  timeZone: string;
  now?: () => Date;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The buyer sees the code once the order is paid (an unpaid certificate has no usable code). */
function toMine(row: GiftCertificateRow, orderNumber: number | null): MyGiftCertificate {
  return {
    id: row.id,
    code: row.status === 'active' || row.status === 'deactivated' ? formatGiftCode(row.code) : null,
    currency: row.currency,
    amount: fromMinor(row.amountMinor),
    balance: fromMinor(row.balanceMinor),
    status: row.status,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    deliveryDate: row.deliveryDate,
    deliveredAt: iso(row.deliveredAt),
    orderId: row.purchaseOrderId,
    orderNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdmin(
  row: GiftCertificateRow,
  extra: { orderNumber: number | null; buyerName: string | null; buyerEmail: string | null },
): AdminGiftCertificate {
  return {
    id: row.id,
    code: formatGiftCode(row.code),
    currency: row.currency,
    amount: fromMinor(row.amountMinor),
    balance: fromMinor(row.balanceMinor),
    status: row.status,
    source: row.source,
    senderName: row.senderName,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    language: row.language,
    deliveryDate: row.deliveryDate,
    deliveredAt: iso(row.deliveredAt),
    buyer:
      row.buyerUserId && extra.buyerName !== null
        ? { id: row.buyerUserId, name: extra.buyerName, email: extra.buyerEmail }
        : null,
    orderId: row.purchaseOrderId,
    orderNumber: extra.orderNumber,
    createdAt: row.createdAt.toISOString(),
    deactivatedAt: iso(row.deactivatedAt),
  };
}

/** A 400 on one field, its message filled in every language (the reply's is picked by the error handler). */
function fieldProblem(
  field: string,
  key: keyof typeof SERVER_MESSAGES,
  values: (lang: Language) => Record<string, string>,
) {
  const texts = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, fillText(SERVER_MESSAGES[key][lang], values(lang))]),
  ) as Record<Language, string>;
  return new InvalidFields(texts, [{ field, message: texts }]);
}

/**
 * A gift certificate sold is money taken in advance for goods not yet chosen (54-FZ tag 1212 = 10,
 * an advance): its receipt line (the `gift_certificate` entry of `fiscalKinds` in src/services.ts).
 */
export const giftCertificateFiscal: FiscalOf = () => ({ subject: 'advance', mode: 'advance', note: null });

export function createGiftCertificatesService(deps: GiftCertificatesDeps) {
  const { db, ledger } = deps;
  const clock = deps.now ?? (() => new Date());
  const base = siteLinks(deps.publicUrl).base;
  const site = base.replace(/^https?:\/\//, '');

  async function settings(q: Db | Tx = db): Promise<GiftCertificateSettings> {
    return (await repo.settings(q)) ?? DEFAULT_GIFT_SETTINGS;
  }

  function checkDate(date: string, today: string): void {
    const problem = deliveryDateProblem(date, today);
    if (problem) throw fieldProblem('deliveryDate', problem, () => ({}));
  }

  /** Queues the recipient's mail with the code and the PDF, in `tx`, and marks it sent. */
  async function deliver(tx: Tx, row: GiftCertificateRow, now: Date): Promise<void> {
    if (!row.recipientEmail) return;
    const pdf = await certificatePdf({
      lang: row.language,
      code: row.code,
      amountMinor: row.amountMinor,
      currency: row.currency,
      recipientName: row.recipientName,
      senderName: row.senderName,
      message: row.message,
      site,
    });
    await enqueueMail(
      tx,
      recipientMail({
        to: row.recipientEmail,
        lang: row.language,
        recipientName: row.recipientName,
        senderName: row.senderName,
        message: row.message,
        code: row.code,
        amountMinor: row.amountMinor,
        currency: row.currency,
        shopUrl: `${base}/shop`,
        pdf,
      }),
    );
    await repo.update(tx, row.id, { deliveredAt: now });
  }

  async function buyerOf(q: Db | Tx, userId: string | null) {
    if (!userId) return null;
    const [row] = await q
      .select({ email: users.email, name: users.name, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.email && row.verified ? { email: row.email, name: row.name } : null;
  }

  return {
    // ---------------------------------------------------------------- buyers

    /** What the gift certificate page offers: presets and limits per currency, and the dates allowed. */
    async offer(): Promise<GiftCertificateOffer> {
      const today = localDate(clock(), deps.timeZone);
      return { settings: await settings(), today, lastDate: lastDeliveryDate(today) };
    },

    /** Orders a certificate for `body`'s recipient; the order is then paid through payments. */
    async buy(
      user: SessionUser,
      body: BuyGiftCertificateBody,
      language: Language,
    ): Promise<{ certificate: MyGiftCertificate; order: Order }> {
      const limits = await settings();
      const problem = giftAmountProblem(body.amount, body.currency, limits);
      if (problem) {
        const { min, max } = limits[body.currency];
        throw fieldProblem('amount', problem, (lang) => ({
          min: formatMoney(min, body.currency, lang),
          max: formatMoney(max, body.currency, lang),
        }));
      }
      const now = clock();
      const today = localDate(now, deps.timeZone);
      checkDate(body.deliveryDate, today);
      const amountMinor = toMinor(body.amount);
      const name = Object.fromEntries(
        LANGUAGES.map((lang) => [
          lang,
          giftText('lineName', lang, { amount: giftMoney(amountMinor, body.currency, lang) }),
        ]),
      ) as Record<Language, string>;
      return db.transaction(async (tx) => {
        const order = await deps.orders.placeGiftCertificateOrder(tx, {
          user,
          currency: body.currency,
          amountMinor,
          name,
          language,
        });
        const row = await repo.insert(tx, {
          code: newGiftCode(),
          currency: body.currency,
          amountMinor,
          balanceMinor: 0,
          status: 'pending',
          source: 'purchase',
          purchaseOrderId: order.id,
          buyerUserId: user.id,
          senderName: body.senderName,
          recipientName: body.recipientName,
          recipientEmail: body.recipientEmail,
          message: body.message || null,
          language: body.language,
          deliveryDate: body.deliveryDate,
          deliverAt: deliverAtFor(body.deliveryDate, today, deps.timeZone),
        });
        return { certificate: toMine(row, order.number), order };
      });
    },

    /** The certificates the account bought, newest first. */
    async mine(userId: string): Promise<MyGiftCertificate[]> {
      return (await repo.listForBuyer(db, userId)).map(({ certificate, orderNumber }) =>
        toMine(certificate, orderNumber),
      );
    },

    /** The balance check. */
    lookup: (code: string) => ledger.lookup(code),

    // ---------------------------------------------------------------- listeners (src/events.ts)

    /** The order that bought a certificate is paid: the certificate is live, the buyer told, today's gift mailed. */
    async onOrderConfirmed(tx: Tx, event: OrderEvent): Promise<void> {
      if (!event.items.some((item) => item.type === 'gift_certificate')) return;
      const now = clock();
      for (const row of await repo.byPurchaseOrder(tx, event.orderId, { lock: true })) {
        if (row.status !== 'pending') continue;
        const active = await repo.update(tx, row.id, { status: 'active', activatedAt: now });
        await repo.move(tx, {
          certificateId: row.id,
          kind: 'issue',
          amountMinor: row.amountMinor,
          orderId: event.orderId,
        });
        const dueNow = active.deliverAt !== null && active.deliverAt.getTime() <= now.getTime();
        if (dueNow) await deliver(tx, active, now);
        const buyer = await buyerOf(tx, row.buyerUserId);
        if (buyer && row.recipientEmail) {
          await enqueueMail(
            tx,
            buyerMail({
              to: buyer.email,
              lang: event.language,
              buyerName: buyer.name,
              recipientName: row.recipientName ?? row.recipientEmail,
              recipientEmail: row.recipientEmail,
              amountMinor: row.amountMinor,
              currency: row.currency,
              deliveryDate: dueNow ? null : row.deliveryDate,
              accountUrl: `${base}/account/gift-certificates`,
              orderNumber: event.number,
            }),
          );
        }
      }
    },

    /**
     * An order is cancelled: what it spent of a certificate comes back; the certificate it bought
     * is cancelled (unpaid) or deactivated (paid, unspent). A paid certificate already spent in part
     * never gets here: the status machine asked the ledger first (`mayCancel`) and refused.
     */
    async onOrderCancelled(tx: Tx, event: OrderEvent): Promise<void> {
      await ledger.refundOrder(tx, event.orderId, null);
      if (!event.items.some((item) => item.type === 'gift_certificate')) return;
      const now = clock();
      for (const row of await repo.byPurchaseOrder(tx, event.orderId, { lock: true })) {
        if (row.status === 'pending') {
          await repo.update(tx, row.id, { status: 'cancelled' });
          continue;
        }
        if (row.status !== 'active') continue;
        await repo.move(tx, {
          certificateId: row.id,
          kind: 'deactivate',
          amountMinor: -row.balanceMinor,
          orderId: event.orderId,
          note: 'order cancelled',
        });
        await repo.update(tx, row.id, { status: 'cancelled', deactivatedAt: now });
      }
    },

    // ---------------------------------------------------------------- delivery (main.ts)

    /**
     * Mails every active certificate whose delivery time has come by `now`, one per transaction
     * (claimed with SKIP LOCKED, so several instances never mail one twice); resolves with their
     * ids. One that fails is skipped for the rest of this call and reported.
     */
    async deliverDue(
      now: Date = clock(),
      options: { limit?: number } = {},
    ): Promise<{ delivered: string[]; failed: { id: string; error: unknown }[] }> {
      const limit = options.limit ?? 100;
      const delivered: string[] = [];
      const failed: { id: string; error: unknown }[] = [];
      while (delivered.length + failed.length < limit) {
        let claimed: string | null = null;
        try {
          const done = await db.transaction(async (tx) => {
            const row = await repo.claimDue(
              tx,
              now,
              failed.map((f) => f.id),
            );
            if (!row) return false;
            claimed = row.id;
            await deliver(tx, row, now);
            return true;
          });
          if (!done) break;
          delivered.push(claimed!);
        } catch (error) {
          if (!claimed) throw error;
          failed.push({ id: claimed, error });
        }
      }
      return { delivered, failed };
    },

    // ---------------------------------------------------------------- admin

    async list(query: AdminGiftCertificatesQuery): Promise<{ items: AdminGiftCertificate[]; meta: ListMeta }> {
      const code = query.search ? normalizeGiftCode(query.search) : '';
      const { rows, total } = await repo.listAdmin(db, query, code.length >= 4 ? code : null);
      return {
        items: rows.map(({ certificate, ...extra }) => toAdmin(certificate, extra)),
        meta: { total, page: query.page, limit: query.limit },
      };
    },

    /** One certificate with its history of movements. */
    async get(id: string): Promise<AdminGiftCertificate> {
      const found = await repo.findAdmin(db, id);
      if (!found) throw new NotFound();
      const { certificate, ...extra } = found;
      const movements = await repo.movements(db, id);
      return {
        ...toAdmin(certificate, extra),
        history: movements.map(({ movement, orderNumber, actorName }) => ({
          id: movement.id,
          kind: movement.kind,
          amount: fromMinor(movement.amountMinor),
          balanceAfter: fromMinor(movement.balanceAfterMinor),
          orderId: movement.orderId,
          orderNumber,
          actor: movement.actorUserId && actorName !== null ? { id: movement.actorUserId, name: actorName } : null,
          note: movement.note,
          createdAt: movement.createdAt.toISOString(),
        })),
      };
    },

    /**
     * A certificate issued by hand (a giveaway): active at once. Mailed to the recipient on the
     * chosen day (today: in this transaction) when `sendMail`; otherwise the admin hands the code over.
     */
    async issue(admin: { id: string }, body: IssueGiftCertificateBody): Promise<AdminGiftCertificate> {
      const now = clock();
      const today = localDate(now, deps.timeZone);
      const date = body.sendMail ? (body.deliveryDate ?? today) : null;
      if (date) checkDate(date, today);
      const amountMinor = toMinor(body.amount);
      const id = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          code: newGiftCode(),
          currency: body.currency,
          amountMinor,
          balanceMinor: 0,
          status: 'active',
          source: 'manual',
          issuedBy: admin.id,
          recipientName: body.recipientName || null,
          recipientEmail: body.recipientEmail ?? null,
          message: body.message || null,
          language: body.language,
          deliveryDate: date,
          // No delivery time = never mailed.
          deliverAt: date ? deliverAtFor(date, today, deps.timeZone) : null,
          activatedAt: now,
        });
        await repo.move(tx, {
          certificateId: row.id,
          kind: 'issue',
          amountMinor,
          actorUserId: admin.id,
          note: body.note || null,
        });
        const active = (await repo.find(tx, row.id))!;
        if (active.deliverAt && active.deliverAt.getTime() <= now.getTime()) await deliver(tx, active, now);
        return row.id;
      });
      return this.get(id);
    },

    /** Stops a certificate: what is left on it can no longer be spent (recorded with who and why). */
    async deactivate(admin: { id: string }, id: string, note: string | undefined): Promise<AdminGiftCertificate> {
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id, { lock: true });
        if (!row) throw new NotFound();
        if (row.status !== 'active') {
          throw new Conflict('giftCertificateNotActive', { status: row.status }, 'GIFT_CERTIFICATE_NOT_ACTIVE');
        }
        await repo.move(tx, {
          certificateId: id,
          kind: 'deactivate',
          amountMinor: -row.balanceMinor,
          actorUserId: admin.id,
          note: note || null,
        });
        await repo.update(tx, id, { status: 'deactivated', deactivatedAt: clock() });
      });
      return this.get(id);
    },

    settings: () => settings(),

    async saveSettings(next: GiftCertificateSettings): Promise<GiftCertificateSettings> {
      // Presets smallest first, each once.
      const tidy = Object.fromEntries(
        CURRENCIES.map((currency: Currency) => [
          currency,
          { ...next[currency], presets: [...new Set(next[currency].presets)].sort((a, b) => a - b) },
        ]),
      ) as GiftCertificateSettings;
      await repo.saveSettings(db, tidy);
      return tidy;
    },
  };
}
export type GiftCertificatesService = ReturnType<typeof createGiftCertificatesService>;
