/**
 * The customer gives up her own unpaid order to change it (docs/decisions/0104): features/checkout
 * returns its lines to her cart in the same transaction.
 */
import type { Tx } from '../../db/client';
import { Conflict, NotFound } from '../../platform/errors';
import { type OrderItemRow, type OrderRow, ordersRepo } from './orders.repo';
import { mayReturnToCart } from './orders.rules';
import type { LineToChange } from './orders.schemas';

/** The status machine's one step (orders.service.ts `transition`), as a cancel without a mail takes it. */
type Cancel = (
  tx: Tx,
  orderId: string,
  to: 'cancelled',
  actor: { userId: string },
  options: { note: string; mail: false },
) => Promise<{ row: OrderRow; items: OrderItemRow[]; stockReturned: boolean }>;

export function createOrderChange(transition: Cancel) {
  return {
    /**
     * Inside `tx`: someone else's order is a 404; one `mayReturnToCart` refuses on the locked row, a
     * 409 ORDER_NOT_CHANGEABLE. Cancelled on the path every cancel takes (stock, seats, the promo
     * use and a gift certificate's money come back, `orderCancelled` runs its listeners); no mail,
     * she is on the page. Resolves with its lines as a cart names them; `stockReturned`: the
     * caller drops the shop's cache once `tx` commits.
     */
    async cancelToChange(
      tx: Tx,
      orderId: string,
      userId: string,
    ): Promise<{ number: number; lines: LineToChange[]; stockReturned: boolean }> {
      const current = await ordersRepo.lock(tx, orderId);
      if (!current || current.userId !== userId) throw new NotFound();
      const types = (await ordersRepo.items(tx, [orderId])).map((item) => item.type);
      if (!mayReturnToCart({ ...current, lines: types })) {
        throw new Conflict('orderNotChangeable', undefined, 'ORDER_NOT_CHANGEABLE');
      }
      const done = await transition(tx, orderId, 'cancelled', { userId }, { note: 'to change it', mail: false });
      return {
        number: done.row.number,
        lines: done.items.map((item) => ({
          type: item.type as LineToChange['type'],
          id: item.productId ?? item.lessonId ?? item.courseId,
          bookFormat: item.bookFormat,
          variantId: item.variantId,
          quantity: item.quantity,
          name: item.name,
        })),
        stockReturned: done.stockReturned,
      };
    },
  };
}
