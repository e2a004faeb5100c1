/**
 * "Change the order" (docs/decisions/0104): the customer gives up her own unpaid card or PayPal
 * order and finds its lines back in her cart, to change and order again. Never edited in place:
 * the order is cancelled on the path every cancel takes (stock, seats, the promo use and a gift
 * certificate's money come back at once), and its lines go to the cart in the same transaction.
 *
 * Money stays safe: first every payment of the order still open at a provider is asked how it
 * stands (paid: the order is confirmed, 409; still open or unknown: 409), then, the order's row
 * locked, the database is asked again. A payment that still goes through after that (one the
 * buyer had left behind for another way to pay) meets a cancelled order: recorded, alerted to the
 * owner and given back by her, as for any cancelled order.
 */
import type { Language, ReturnedToCart } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { NotFound } from '../../platform/errors';
import type { LineToChange } from '../orders/orders.schemas';
import type { OrdersService } from '../orders/orders.service';

export interface ReturnToCartDeps {
  db: Db;
  orders: Pick<OrdersService, 'getForPayment' | 'cancelToChange'>;
  /** features/payments (typed here: payments' receipts import checkout): 409 while a payment may still take money. */
  payments: {
    settleBeforeGivingUp(orderId: string): Promise<void>;
    refuseOpenIn(tx: Tx, orderId: string): Promise<void>;
  };
  /** The user's server cart (features/cart `putBack`; typed here, cart imports checkout's pricing). */
  cart: {
    putBack(
      tx: Tx,
      userId: string,
      lines: readonly LineToChange[],
      language: Language,
    ): Promise<Omit<ReturnedToCart, 'orderNumber'>>;
  };
  /** Called once stock given back has committed (the shop's public cache is dropped). */
  stockChanged?: (() => void) | undefined;
}

export function createReturnToCart({ db, orders, payments, cart, stockChanged }: ReturnToCartDeps) {
  return {
    /**
     * `POST /api/orders/{id}/return-to-cart` for `userId`: 404 for an order not hers; 409
     * ORDER_NOT_CHANGEABLE (paid, cancelled, being fulfilled, cash or transfer, not from a cart),
     * PAYMENT_IN_PROGRESS or ORDER_ALREADY_PAID, nothing changed. Two at once: the order's lock
     * lets one through, the other finds it cancelled.
     */
    async returnToCart(userId: string, orderId: string, language: Language): Promise<ReturnedToCart> {
      const order = await orders.getForPayment(db, orderId);
      // Someone else's order is "not found" (its existence is private), and its payments are not asked about.
      if (!order || order.userId !== userId) throw new NotFound();
      // An order no longer pending is refused under its lock below, without asking a provider.
      if (order.status === 'pending') await payments.settleBeforeGivingUp(orderId);
      const { result, stockReturned } = await db.transaction(async (tx) => {
        const given = await orders.cancelToChange(tx, orderId, userId);
        await payments.refuseOpenIn(tx, orderId);
        const back = await cart.putBack(tx, userId, given.lines, language);
        return { result: { orderNumber: given.number, ...back }, stockReturned: given.stockReturned };
      });
      if (stockReturned) stockChanged?.();
      return result;
    },
  };
}
export type ReturnToCart = ReturnType<typeof createReturnToCart>;
