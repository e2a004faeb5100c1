/**
 * The unpaid-hold caps (docs/decisions/0096): the unpaid orders of one mailbox (its accounts
 * together, emailLimitKey) hold at most `unpaidHoldUnitsPerProduct` counted units of a product and
 * owe at most `unpaidHoldMaxRub`. Checkout asks `splitByHoldCaps` what a new order may take now; an
 * order over a cap, paid online, takes the rest when its first payment starts (`holdForPayment`),
 * and is held from then on for `paymentHoldMinutes` at most.
 */
import {
  aggregateReservations,
  fromMinor,
  type Language,
  type Reservation,
  reservationKey,
  SERVER_MESSAGES,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { Conflict } from '../../platform/errors';
import { emailLimitKey } from '../../platform/mail/address-key';
import { type OrderItemRow, ordersRepo } from './orders.repo';
import { type HoldSplit, type OrderPolicy, splitByHoldCaps } from './orders.rules';

export interface UnpaidHoldsDeps {
  db: Db;
  catalog: {
    products: {
      forOrder(
        q: Tx,
        ids: string[],
      ): Promise<Map<string, { stock: number | null; variants: ReadonlyMap<string, { stock: number | null }> }>>;
      reserveStock(tx: Tx, lines: readonly Reservation[]): Promise<string[]>;
    };
  };
  policy: OrderPolicy;
  stockChanged?: (() => void) | undefined;
}

export function createUnpaidHolds({ db, catalog, policy, stockChanged }: UnpaidHoldsDeps) {
  /**
   * Takes the deferred units of these lines from the stock (all or nothing, one reservation per
   * product in id order) and moves them into what the lines hold; 409 OUT_OF_STOCK naming what is
   * short. True when something was taken.
   */
  async function takeDeferred(tx: Tx, lines: OrderItemRow[]): Promise<boolean> {
    const wanted = aggregateReservations(
      lines.flatMap((line) =>
        line.productId && line.deferredQuantity > 0
          ? [{ productId: line.productId, variantId: line.variantId, quantity: line.deferredQuantity }]
          : [],
      ),
    );
    if (wanted.length === 0) return false;
    const short = await catalog.products.reserveStock(tx, wanted);
    if (short.length > 0) {
      const missing = wanted.filter((w) => short.includes(reservationKey(w)));
      const left = await catalog.products.forOrder(
        tx,
        missing.map((w) => w.productId),
      );
      const counter = (w: Reservation) => {
        const product = left.get(w.productId);
        const variant = w.variantId ? product?.variants.get(w.variantId) : undefined;
        return (variant ? variant.stock : product?.stock) ?? 0;
      };
      throw new Conflict(
        'heldUnitsSold',
        {
          items: missing.map((w) => ({
            type: 'product',
            id: w.productId,
            ...(w.variantId ? { variantId: w.variantId } : {}),
            requested: w.quantity,
            available: counter(w),
          })),
        },
        'OUT_OF_STOCK',
      );
    }
    for (const line of lines) if (line.deferredQuantity > 0) await ordersRepo.takeDeferred(tx, line.id);
    return true;
  }

  return {
    /**
     * Inside `tx`: locks the customer's mailbox (every account of it) for the rest of the
     * transaction and splits a new unpaid order's counted units by the caps, counted over the
     * unpaid orders of all those accounts: what it may take now, and what waits for an online
     * payment to start. `refuseOver` (cash, bank transfer: no payment starts online) makes an order
     * over a cap a 409 UNPAID_HOLD_LIMIT instead.
     */
    async splitByHoldCaps(
      tx: Tx,
      userId: string,
      wanted: Reservation[],
      dueRub: number,
      options: { refuseOver: boolean },
    ): Promise<HoldSplit> {
      const mailbox = await ordersRepo.mailboxOf(tx, userId, emailLimitKey);
      await ordersRepo.lockMailbox(tx, mailbox.key);
      // Read again under the lock: an account of the mailbox registered meanwhile counts too.
      const { userIds } = await ordersRepo.mailboxOf(tx, userId, emailLimitKey);
      const held = await ordersRepo.unpaidHolds(tx, userIds);
      const split = splitByHoldCaps(wanted, dueRub, held, policy);
      if (split.over && options.refuseOver) {
        const text = (lang: Language) =>
          SERVER_MESSAGES.unpaidHoldLimit[lang]
            .replace('{units}', String(policy.unpaidHoldUnitsPerProduct))
            .replace('{maxRub}', String(fromMinor(policy.unpaidHoldMaxRub)));
        throw new Conflict(
          { ru: text('ru'), en: text('en'), es: text('es') },
          {
            unitsPerProduct: policy.unpaidHoldUnitsPerProduct,
            maxRub: fromMinor(policy.unpaidHoldMaxRub),
            items: wanted.flatMap((line) => {
              const over = split.deferred.get(reservationKey(line)) ?? 0;
              return over > 0
                ? [
                    {
                      type: 'product',
                      id: line.productId,
                      ...(line.variantId ? { variantId: line.variantId } : {}),
                      over,
                    },
                  ]
                : [];
            }),
          },
          'UNPAID_HOLD_LIMIT',
        );
      }
      return split;
    },

    /**
     * Before an online payment of the order starts, in its own transaction: the units it left
     * deferred are taken from the stock now (409 OUT_OF_STOCK when someone bought them meanwhile),
     * and its hold ends `paymentHoldMinutes` after this first start — set once, so starting again
     * never extends it; past that end, 409 ORDER_NOT_PAYABLE. An order within the caps is left as it is.
     */
    async holdForPayment(orderId: string, now: Date = new Date()): Promise<void> {
      const took = await db.transaction(async (tx) => {
        const row = await ordersRepo.lock(tx, orderId);
        if (row?.status !== 'pending') return false;
        if (row.paymentHoldUntil && row.paymentHoldUntil.getTime() <= now.getTime()) {
          throw new Conflict('paymentHoldOver', undefined, 'ORDER_NOT_PAYABLE');
        }
        const lines = (await ordersRepo.items(tx, [orderId])).filter((item) => item.deferredQuantity > 0);
        if (lines.length === 0) return false;
        await ordersRepo.setPaymentHoldUntil(tx, orderId, new Date(now.getTime() + policy.paymentHoldMinutes * 60_000));
        return takeDeferred(tx, lines);
      });
      if (took) stockChanged?.();
    },

    /** What the order left deferred, taken in `tx` (an order paid without an online start). */
    async takeDeferredOf(tx: Tx, orderId: string): Promise<boolean> {
      return takeDeferred(tx, await ordersRepo.items(tx, [orderId]));
    },
  };
}
