/**
 * The pass that cancels unpaid orders whose hold ran out (see expireDue in orders.service.ts), run
 * as the `orders.expire` job (jobs.ts). Each order is claimed with FOR UPDATE SKIP LOCKED, so even
 * a pass taken up again after a lost lease expires it exactly once. Tests call `sweep(now)`.
 */
import type { OrdersService } from './orders.service';

export interface ExpiryLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OrderExpirySweeperOptions {
  orders: Pick<OrdersService, 'expireDue'>;
  log: ExpiryLog;
}

export interface OrderExpirySweeper {
  /** One pass with the given clock; resolves with the ids of the orders it cancelled. */
  sweep(now?: Date): Promise<string[]>;
}

export function createOrderExpirySweeper(options: OrderExpirySweeperOptions): OrderExpirySweeper {
  const { orders, log } = options;
  async function pass(now: Date): Promise<string[]> {
    const { expired, failed } = await orders.expireDue(now);
    if (expired.length > 0) log.info({ orders: expired.length }, 'unpaid orders expired and cancelled');
    for (const { orderId, error } of failed) {
      log.error({ orderId, err: error instanceof Error ? error.message : String(error) }, 'order expiry failed');
    }
    return expired;
  }
  return { sweep: (now: Date = new Date()) => pass(now) };
}
