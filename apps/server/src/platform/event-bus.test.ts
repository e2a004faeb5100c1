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
    const bus = createEventBus<Events>();
    const calls: string[] = [];
    bus.on('orderConfirmed', async (_tx, e) => {
      calls.push(`first:${e.number}`);
    });
    bus.on('orderConfirmed', async () => {
      calls.push('second');
    });
    bus.on('orderCancelled', async () => {
      calls.push('cancelled');
    });
    await bus.emit(tx, 'orderConfirmed', event);
    expect(calls).toEqual(['first:7', 'second']);
  });

  it('propagates the first listener error so the caller rolls back', async () => {
    const bus = createEventBus<Events>();
    const calls: string[] = [];
    bus.on('orderConfirmed', async () => {
      throw new Error('grant failed');
    });
    bus.on('orderConfirmed', async () => {
      calls.push('never');
    });
    await expect(bus.emit(tx, 'orderConfirmed', event)).rejects.toThrow('grant failed');
    expect(calls).toEqual([]);
  });
});
