/**
 * The background sweeper that cancels unpaid orders whose hold ran out (see expireDue in
 * orders.service.ts). It runs inside the server process, started by main.ts next to the mail
 * worker. Several instances on one PostgreSQL may run it at once: each order is claimed with
 * FOR UPDATE SKIP LOCKED, so it is expired exactly once. Tests call `sweep(now)` directly.
 */
import { createPeriodicTask } from '../../platform/periodic';
import type { OrdersService } from './orders.service';

export interface ExpiryLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OrderExpirySweeperOptions {
  orders: Pick<OrdersService, 'expireDue'>;
  log: ExpiryLog;
  /** Pause between passes; deadlines are hours or days, so a minute late is nothing. */
  intervalMs?: number;
  /** The clock of the timer-driven passes. */
  now?: () => Date;
}

export interface OrderExpirySweeper {
  start(): void;
  /** Stops the timer and waits for the pass in flight, if any. */
  stop(): Promise<void>;
  /** One pass with the given clock; resolves with the ids of the orders it cancelled. */
  sweep(now?: Date): Promise<string[]>;
}

export function createOrderExpirySweeper(options: OrderExpirySweeperOptions): OrderExpirySweeper {
  const { orders, log } = options;
  const intervalMs = options.intervalMs ?? 60_000;
  const clock = options.now ?? (() => new Date());
  async function pass(now: Date): Promise<string[]> {
    const { expired, failed } = await orders.expireDue(now);
    if (expired.length > 0) log.info({ orders: expired.length }, 'unpaid orders expired and cancelled');
    for (const { orderId, error } of failed) {
      log.error({ orderId, err: error instanceof Error ? error.message : String(error) }, 'order expiry failed');
    }
    return expired;
  }

  // One pass at a time in this process; other processes are kept apart by the row locks.
  const task = createPeriodicTask({
    pass: () => pass(clock()),
    intervalMs,
    onError: (error) =>
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'order expiry pass failed'),
  });

  return {
    start: task.start,
    stop: task.stop,
    sweep: (now: Date = clock()) => task.runNow(() => pass(now)),
  };
}
