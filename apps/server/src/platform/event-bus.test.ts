import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/client';
import { createEventBus } from './event-bus';

interface Event {
  orderId: string;
  number: number;
}
interface Events {
  orderConfirmed: Event;
  orderCancelled: Event;
}

const event: Event = { orderId: 'o1', number: 7 };
const tx = {} as Tx;

describe('domain events run listeners inside the emitting transaction', () => {
  it('calls every listener of the event in registration order, and only those', async () => {
    const hooks = createEventBus<Events>();
    const calls: string[] = [];
    hooks.on('orderConfirmed', async (_tx, e) => {
      calls.push(`first:${e.number}`);
    });
    hooks.on('orderConfirmed', async () => {
      calls.push('second');
    });
    hooks.on('orderCancelled', async () => {
      calls.push('cancelled');
    });
    await hooks.emit(tx, 'orderConfirmed', event);
    expect(calls).toEqual(['first:7', 'second']);
  });

  it('propagates the first listener error so the caller rolls back', async () => {
    const hooks = createEventBus<Events>();
    const calls: string[] = [];
    hooks.on('orderConfirmed', async () => {
      throw new Error('grant failed');
    });
    hooks.on('orderConfirmed', async () => {
      calls.push('never');
    });
    await expect(hooks.emit(tx, 'orderConfirmed', event)).rejects.toThrow('grant failed');
    expect(calls).toEqual([]);
  });
});
