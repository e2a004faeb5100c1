/**
 * In-process domain events that run inside the transaction of the change that caused them, so
 * features react to each other without importing each other in a circle. Example: orders emits
 * `orderConfirmed` when an order becomes paid/confirmed; lessons grants the lessons and courses in
 * it, payments issues download links for digital books — all committed together with the status
 * change, or not at all (a listener that throws rolls the whole change back).
 *
 * The feature that emits declares its events (a map name → payload, e.g. `OrderEvents` in
 * features/orders/orders.schemas.ts) and gets the bus to `emit(tx, ...)`; `buildApp` creates one
 * bus and subscribes every listener in one place, src/events.ts.
 */
import type { Tx } from '../db/client';

export type Listener<E, K extends keyof E> = (tx: Tx, event: E[K]) => Promise<void>;

export interface EventBus<E> {
  on<K extends keyof E>(name: K, listener: Listener<E, K>): void;
  /** Runs every listener of `name` in subscription order inside `tx`; the first error propagates. */
  emit<K extends keyof E>(tx: Tx, name: K, event: E[K]): Promise<void>;
}

export function createEventBus<E>(): EventBus<E> {
  const listeners = new Map<keyof E, Listener<E, keyof E>[]>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<E, keyof E>]);
    },
    async emit(tx, name, event) {
      for (const listener of listeners.get(name) ?? []) await listener(tx, event);
    },
  };
}
