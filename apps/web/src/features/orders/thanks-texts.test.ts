import type { Order } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/later/orders.json';
import es from '../../locales/es/later/orders.json';
import ru from '../../locales/ru/later/orders.json';
import { giftNote, shipsParcel, thanksHeadline } from './thanks-texts';

type Line = Order['items'][number]['type'];
const order = (lines: { type: Line; bookFormat?: 'digital' | 'physical' }[], method: Order['delivery']['method']) =>
  ({
    status: 'confirmed',
    paymentMethod: 'card',
    delivery: { method },
    items: lines.map((line) => ({ type: line.type, bookFormat: line.bookFormat ?? null })),
  }) as unknown as Order;

const PREPARING = /готовим|preparing|preparando/i;
const TRACKING = /отслежив|tracking|seguimiento/i;
const texts = { ru: ru.orders.thanks, en: en.orders.thanks, es: es.orders.thanks };

describe('the thank-you page says what happens to what was bought', () => {
  it('a parcel: it is being prepared and will be tracked', () => {
    const parcel = order([{ type: 'product' }], 'standard');
    expect(thanksHeadline(parcel, true)).toBe('orders.thanks.paid');
    expect(shipsParcel(parcel)).toBe(true);
  });

  it.each([
    ['a lesson', [{ type: 'lesson' as const }]],
    ['a course', [{ type: 'course' as const }]],
    ['an e-book', [{ type: 'product' as const, bookFormat: 'digital' as const }]],
  ])('%s: ready at once, nothing prepared or tracked', (_name, lines) => {
    const digital = order(lines, 'none');
    expect(thanksHeadline(digital, true)).toBe('orders.thanks.paidReady');
    expect(shipsParcel(digital)).toBe(false);
    for (const words of Object.values(texts)) {
      expect(words.paidReady).not.toMatch(PREPARING);
      expect(words.paidReady).not.toMatch(TRACKING);
    }
  });

  it('a gift certificate: mailed to the recipient, named by address, on its day', () => {
    const gift = order([{ type: 'gift_certificate' }], 'none');
    expect(thanksHeadline(gift, true)).toBe('orders.thanks.paidGift');
    expect(shipsParcel(gift)).toBe(false);
    const certificate = { recipientEmail: 'masha@example.com', deliveryDate: '2026-03-10', deliveredAt: null };
    const today = '2026-03-10';
    expect(giftNote({ ...certificate, deliveredAt: '2026-03-10T09:00:00.000Z' }, true, today)).toEqual({
      key: 'orders.thanks.giftMailed',
      email: 'masha@example.com',
    });
    expect(giftNote(certificate, true, today)).toEqual({
      key: 'orders.thanks.giftSending',
      email: 'masha@example.com',
    });
    expect(giftNote({ ...certificate, deliveryDate: '2026-03-14' }, true, today)).toEqual({
      key: 'orders.thanks.giftScheduled',
      email: 'masha@example.com',
      date: '2026-03-14',
    });
    expect(giftNote(certificate, false, today)?.key).toBe('orders.thanks.giftAfterPayment');
    expect(giftNote(undefined, true, today)).toBeNull();
    for (const words of Object.values(texts)) {
      for (const text of [words.paidGift, words.giftMailed, words.giftSending, words.giftScheduled]) {
        expect(text).not.toMatch(PREPARING);
        expect(text).not.toMatch(TRACKING);
      }
      for (const text of [words.giftMailed, words.giftSending, words.giftScheduled, words.giftAfterPayment]) {
        expect(text).toContain('{{email}}');
      }
    }
  });

  it('unpaid and cancelled orders keep their own words', () => {
    const gift = order([{ type: 'gift_certificate' }], 'none');
    expect(thanksHeadline(gift, false)).toBe('orders.thanks.awaitingPayment');
    expect(thanksHeadline({ ...gift, paymentMethod: 'bank_transfer' }, false)).toBe('orders.thanks.placedPayLater');
    expect(thanksHeadline({ ...gift, status: 'cancelled' }, true)).toBe('orders.thanks.cancelled');
  });
});
