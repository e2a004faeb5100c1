/**
 * In-process domain events that run inside the transaction of the change that caused them, so
 * features react to each other without importing each other in a circle. Example: orders emits
 * `orderConfirmed` when an order becomes paid/confirmed; training grants the lessons and courses
 * in it, payments issues download links for digital books — all committed together with the
 * status change, or not at all (a listener that throws rolls the whole change back).
 *
 * `buildApp` creates one registry and hands it to every feature; features register listeners when
 * their routes plugin starts (`hooks.on(...)`), and emit from their services (`hooks.emit(tx, ...)`).
 */
import type { Tx } from '../db/client';

export interface OrderEventItem {
  /** order_items.id */
  id: string;
  type: 'product' | 'lesson' | 'course';
  productId: string | null;
  lessonId: string | null;
  courseId: string | null;
  bookFormat: 'physical' | 'digital' | null;
  unitPriceRub: number;
  quantity: number;
}

export interface OrderEvent {
  orderId: string;
  number: number;
  /** null when the customer deleted their account. */
  userId: string | null;
  customerEmail: string;
  language: 'ru' | 'en' | 'es';
  totalRub: number;
  items: OrderEventItem[];
}

export interface DomainEvents {
  /** pending → confirmed (paid, admin-confirmed cash/bank transfer, or a zero total). */
  orderConfirmed: OrderEvent;
  /** any → cancelled (stock is returned by orders itself; others release what they hold). */
  orderCancelled: OrderEvent;
}

export type Listener<K extends keyof DomainEvents> = (tx: Tx, event: DomainEvents[K]) => Promise<void>;

export interface DomainHooks {
  on<K extends keyof DomainEvents>(name: K, listener: Listener<K>): void;
  /** Runs every listener of `name` in registration order inside `tx`; the first error propagates. */
  emit<K extends keyof DomainEvents>(tx: Tx, name: K, event: DomainEvents[K]): Promise<void>;
}

export function createDomainHooks(): DomainHooks {
  const listeners = new Map<keyof DomainEvents, Listener<keyof DomainEvents>[]>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<keyof DomainEvents>]);
    },
    async emit(tx, name, event) {
      for (const listener of listeners.get(name) ?? []) await listener(tx, event);
    },
  };
}
