import { describe, expect, it } from 'vitest';
import { FISCAL_KINDS } from '../../services';
import type { OrderForReceipt } from '../orders/orders.schemas';
import {
  completionAfterRefunds,
  completionReceipt,
  offsetReceipt,
  paymentReceipt,
  type ReceiptSettings,
  receiptTotal,
  spread,
} from './receipts.rules';

const fz54: ReceiptSettings = {
  selfEmployed: false,
  vatCode: 1,
  taxSystemCode: undefined,
  subjects: { goods: 'commodity', digital: 'commodity', lesson: 'service', course: 'intellectual_activity' },
  fiscal: FISCAL_KINDS,
};
const selfEmployed: ReceiptSettings = { ...fz54, selfEmployed: true };

type Line = OrderForReceipt['lines'][number];
const goods = (ru: string, unitPriceRub: number, quantity = 1): Line => ({
  type: 'product',
  bookFormat: null,
  name: { ru, en: `${ru} (en)` },
  unitPriceRub,
  quantity,
});
const ebook = (ru: string, unitPriceRub: number): Line => ({ ...goods(ru, unitPriceRub), bookFormat: 'digital' });
const lesson = (ru: string, unitPriceRub: number): Line => ({ ...goods(ru, unitPriceRub), type: 'lesson' });
const course = (ru: string, unitPriceRub: number): Line => ({ ...goods(ru, unitPriceRub), type: 'course' });

function order(lines: Line[], over: Partial<OrderForReceipt> = {}): OrderForReceipt {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceRub * l.quantity, 0);
  const discountRub = over.discountRub ?? 0;
  const deliveryCostRub = over.deliveryCostRub ?? 0;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: 1042,
    customerEmail: 'vera@example.com',
    lines,
    discountRub,
    deliveryMethod: 'standard',
    deliveryCostRub,
    totalRub: subtotal - discountRub + deliveryCostRub,
    giftCertificateRub: 0,
    ...over,
  };
}

describe('spread: a discount over lines, to the kopeck', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1001, [300_000, 200_000], [601, 400]],
    [0, [5, 5], [0, 0]],
    [7, [0, 10], [0, 7]],
    [10, [1, 2, 7], [1, 2, 7]],
  ])('%i over %j → %j', (amount, weights, expected) => {
    const shares = spread(amount, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
  });
});

describe('the payment receipt (54-FZ)', () => {
  it('one item per line and one for delivery; goods and delivery prepaid, lessons, courses and e-books paid in full', () => {
    const o = order(
      [
        goods('Букет «Пионы»', 150_000, 2),
        ebook('Шёлковые цветы', 50_000),
        lesson('Урок 1. Роза', 200_000),
        course('Курс «Основы»', 900_000),
      ],
      { deliveryCostRub: 30_000 },
    );
    const receipt = paymentReceipt(o, fz54);
    expect(receipt.customer).toEqual({ email: 'vera@example.com' });
    expect(receipt).not.toHaveProperty('tax_system_code');
    expect(receipt.items).toEqual([
      {
        description: 'Букет «Пионы»',
        quantity: 2,
        amount: { value: '1500.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'commodity',
        payment_mode: 'full_prepayment',
      },
      {
        description: 'Шёлковые цветы (электронная книга)',
        quantity: 1,
        amount: { value: '500.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'commodity',
        payment_mode: 'full_payment',
      },
      {
        description: 'Урок 1. Роза',
        quantity: 1,
        amount: { value: '2000.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_payment',
      },
      {
        description: 'Курс «Основы»',
        quantity: 1,
        amount: { value: '9000.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'intellectual_activity',
        payment_mode: 'full_payment',
      },
      {
        description: 'Доставка',
        quantity: 1,
        amount: { value: '300.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
      },
    ]);
    expect(receiptTotal(receipt.items)).toBe(o.totalRub);
  });

  it.each([
    [
      'a mixed order with delivery and a discount',
      order([goods('Букет', 99_990, 3), lesson('Урок', 150_000)], { discountRub: 33_333, deliveryCostRub: 50_000 }),
    ],
    ['a free-delivery order', order([goods('Букет', 260_000, 2)], { deliveryCostRub: 0 })],
    ['a discount that leaves kopecks per unit', order([goods('Лента', 1_000, 7)], { discountRub: 1 })],
    [
      'a discount as large as the goods',
      order([lesson('Урок', 150_000), goods('Ножницы', 50_000)], { discountRub: 200_000, deliveryCostRub: 30_000 }),
    ],
  ])('%s: the items add up to the payment to the kopeck', (_name, o) => {
    const receipt = paymentReceipt(o, fz54);
    expect(receiptTotal(receipt.items)).toBe(o.totalRub);
    for (const item of receipt.items) {
      expect(Number.isInteger(item.quantity) && item.quantity > 0).toBe(true);
      expect(item.amount.value).toMatch(/^\d+\.\d{2}$/);
      expect(Number(item.amount.value)).toBeGreaterThan(0);
    }
  });

  it('a free delivery has no item; a line given away in full has none either', () => {
    const o = order([lesson('Урок', 150_000), goods('Ножницы', 50_000)], { discountRub: 150_000 });
    const items = paymentReceipt(o, fz54).items;
    expect(items.map((i) => i.description)).toEqual(['Урок', 'Ножницы']);
    const free = paymentReceipt(order([lesson('Урок', 150_000)], { discountRub: 150_000 }), fz54).items;
    expect(free).toEqual([]);
  });

  it('a line whose discounted total does not divide by its quantity becomes two items priced a kopeck apart', () => {
    const items = paymentReceipt(order([goods('Лента', 1_000, 7)], { discountRub: 1 }), fz54).items;
    expect(items.map((i) => [i.quantity, i.amount.value])).toEqual([
      [1, '9.99'],
      [6, '10.00'],
    ]);
  });

  it('carries the tax system code when configured, the VAT code on every item, a description cut to 128 characters', () => {
    const receipt = paymentReceipt(order([goods('Б'.repeat(300), 100)]), { ...fz54, taxSystemCode: 2, vatCode: 4 });
    expect(receipt.tax_system_code).toBe(2);
    expect(receipt.items[0]!.vat_code).toBe(4);
    expect(receipt.items[0]!.description).toHaveLength(128);
    expect(receipt.items[0]!.description.endsWith('…')).toBe(true);
  });
});

describe('the payment receipt (self-employed)', () => {
  it('at most 6 items (the rest summed into one), VAT code 1, no subject, mode or tax system', () => {
    const lines = Array.from({ length: 8 }, (_, i) => goods(`Цветок ${i + 1}`, 10_000 * (i + 1)));
    const o = order(lines, { deliveryCostRub: 30_000, discountRub: 1_234 });
    const receipt = paymentReceipt(o, { ...selfEmployed, vatCode: 1, taxSystemCode: undefined });
    expect(receipt.items).toHaveLength(6);
    expect(receipt.items[5]!.description).toBe('Прочие позиции заказа № 1042');
    expect(receipt.items[5]!.quantity).toBe(1);
    for (const item of receipt.items) {
      expect(item.vat_code).toBe(1);
      expect(item).not.toHaveProperty('payment_subject');
      expect(item).not.toHaveProperty('payment_mode');
    }
    expect(receipt).not.toHaveProperty('tax_system_code');
    expect(receiptTotal(receipt.items)).toBe(o.totalRub);
  });

  it('six items or fewer stay as they are', () => {
    const o = order([goods('Букет', 100_000, 2), lesson('Урок', 50_000)], { deliveryCostRub: 30_000 });
    expect(paymentReceipt(o, selfEmployed).items.map((i) => i.description)).toEqual(['Букет', 'Урок', 'Доставка']);
  });
});

describe('the completion receipt when the goods ship', () => {
  it('the prepaid items, now paid in full and settled by the prepayment', () => {
    const o = order([goods('Букет', 150_000, 2), lesson('Урок', 200_000)], {
      deliveryCostRub: 30_000,
      discountRub: 10_000,
    });
    const paid = paymentReceipt(o, { ...fz54, taxSystemCode: 3 });
    const completion = completionReceipt(paid, 'yk-payment-1');
    expect(completion).toMatchObject({
      type: 'payment',
      payment_id: 'yk-payment-1',
      send: true,
      customer: { email: 'vera@example.com' },
      tax_system_code: 3,
    });
    expect(completion!.items.map((i) => [i.description, i.payment_mode])).toEqual([
      ['Букет', 'full_payment'],
      ['Доставка', 'full_payment'],
    ]);
    const prepaid = paid.items.filter((i) => i.payment_mode === 'full_prepayment');
    expect(completion!.settlements).toEqual([
      { type: 'prepayment', amount: { value: (receiptTotal(prepaid) / 100).toFixed(2), currency: 'RUB' } },
    ]);
    expect(receiptTotal(completion!.items)).toBe(receiptTotal(prepaid));
  });

  it('nothing prepaid (lessons, e-books, a self-employed receipt): no completion receipt', () => {
    expect(
      completionReceipt(paymentReceipt(order([lesson('Урок', 1_000), ebook('Книга', 2_000)]), fz54), 'p'),
    ).toBeNull();
    expect(completionReceipt(paymentReceipt(order([goods('Букет', 1_000)]), selfEmployed), 'p')).toBeNull();
  });
});

describe('the completion receipt after refunds of chosen lines', () => {
  it('hands over the units kept for what is left of their payment; a line refunded whole has no item; delivery as paid', () => {
    // Bouquets 2 × 500,51 ₽, one given back for 500,51 ₽; a vase refunded whole; a lesson kept.
    const o = order(
      [
        { ...goods('Букет', 50_051, 2), refundedQuantity: 1, refundedMinor: 50_051 },
        { ...goods('Ваза', 30_000), refundedQuantity: 1, refundedMinor: 30_000 },
        lesson('Урок', 10_000),
      ],
      { deliveryCostRub: 30_000, discountRub: 0 },
    );
    const completion = completionAfterRefunds(o, fz54, 'yk-1')!;
    expect(completion.items.map((i) => [i.description, i.quantity, i.amount.value, i.payment_mode])).toEqual([
      ['Букет', 1, '500.51', 'full_payment'],
      ['Доставка', 1, '300.00', 'full_payment'],
    ]);
    expect(completion.settlements).toEqual([{ type: 'prepayment', amount: { value: '800.51', currency: 'RUB' } }]);
  });

  it('nothing refunded: the same items as the payment receipt gives', () => {
    const o = order([goods('Букет', 150_000, 2), lesson('Урок', 200_000)], { deliveryCostRub: 30_000 });
    expect(completionAfterRefunds(o, fz54, 'p')).toEqual(completionReceipt(paymentReceipt(o, fz54), 'p'));
  });

  it('every prepaid unit refunded and no paid delivery: no completion receipt', () => {
    const o = order([{ ...goods('Букет', 1_000, 2), refundedQuantity: 2, refundedMinor: 2_000 }], {
      deliveryCostRub: 0,
    });
    expect(completionAfterRefunds(o, fz54, 'p')).toBeNull();
  });
});

describe('gift certificates', () => {
  const certificate = (rub: number): Line => ({
    type: 'gift_certificate',
    bookFormat: null,
    name: { ru: 'Подарочный сертификат на 5 000 ₽' },
    unitPriceRub: rub,
    quantity: 1,
  });

  it('a certificate sold is an advance: subject `payment`, mode `advance`, and never a completion receipt', () => {
    const paid = paymentReceipt(order([certificate(500_000)], { deliveryMethod: 'none' }), fz54);
    expect(paid.items).toEqual([
      {
        description: 'Подарочный сертификат на 5 000 ₽',
        quantity: 1,
        amount: { value: '5000.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'payment',
        payment_mode: 'advance',
      },
    ]);
    expect(completionReceipt(paid, 'p')).toBeNull();
  });

  it.each([
    ['a lesson and a bouquet with delivery, 1 000.01 ₽ by certificate', 100_001],
    ['the same, 1 kopeck by certificate', 1],
    ['the same, all but 1 kopeck by certificate', 299_999],
  ])('%s: the payment and the offset add up to the kopeck to the card part and the certificate part', (_name, gift) => {
    const o = order([lesson('Урок', 150_000), goods('Букет', 100_000, 2)], {
      deliveryCostRub: 30_000,
      discountRub: 80_000,
      giftCertificateRub: gift,
    });
    expect(o.totalRub).toBe(300_000);
    const paid = paymentReceipt(o, fz54);
    const offset = offsetReceipt(o, fz54, 'yk-certificate-payment');
    expect(receiptTotal(paid.items)).toBe(o.totalRub - gift);
    expect(receiptTotal(offset!.items)).toBe(gift);
    expect(offset).toMatchObject({
      type: 'payment',
      payment_id: 'yk-certificate-payment',
      settlements: [{ type: 'prepayment', amount: { value: (gift / 100).toFixed(2), currency: 'RUB' } }],
    });
    // What the certificate paid is handed over against its advance; the card part keeps its modes.
    expect(new Set(offset!.items.map((i) => i.payment_mode))).toEqual(new Set(['full_payment']));
    for (const item of paid.items) {
      expect(item.payment_mode).toBe(item.description === 'Урок' ? 'full_payment' : 'full_prepayment');
    }
  });

  it('a certificate paying all of it leaves nothing for a payment; the self-employed get no offset receipt', () => {
    const o = order([lesson('Урок', 150_000)], { deliveryMethod: 'none', giftCertificateRub: 150_000 });
    expect(paymentReceipt(o, fz54).items).toEqual([]);
    expect(receiptTotal(offsetReceipt(o, fz54, 'p')!.items)).toBe(150_000);
    expect(offsetReceipt(o, selfEmployed, 'p')).toBeNull();
    expect(offsetReceipt({ ...o, giftCertificateRub: 0 }, fz54, 'p')).toBeNull();
  });
});
