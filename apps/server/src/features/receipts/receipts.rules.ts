/**
 * What goes on a receipt, as pure functions (receipts.rules.test.ts):
 *   - one item per order line and one for a paid delivery; the discount (promo code, course
 *     credit) is spread over the lines in proportion to their totals, to the kopeck (largest
 *     remainder), so the items add up to the payment exactly. A line whose discounted total does
 *     not divide by its quantity becomes two items (n units at p, m units at p + 0.01 ₽): YooKassa
 *     takes a price per unit.
 *   - payment mode: goods that are shipped later, and their delivery, are paid in advance
 *     (`full_prepayment`) and get a completion receipt (`full_payment`, settled by the prepayment)
 *     when they ship; lessons, courses and digital books are handed over on payment
 *     (`full_payment`); a gift certificate sold is an advance (`payment` subject, `advance` mode).
 *   - a part paid by a gift certificate is spread over the items like a discount: the payment's
 *     receipt has the rest, and a bought certificate's part gets its own receipt settled by that
 *     advance (`offsetReceipt`); a certificate given away is a discount and has none.
 *   - self-employed: no subject, mode or tax system; at most 6 items (the 6th and later are
 *     summed into one "other items of order N"), whole quantities, VAT code 1.
 * Descriptions are Russian (a Russian fiscal document), the order's names as ordered, at most
 * 128 characters.
 */
import { decimalToMinor, minorToDecimal } from '../../platform/payments/provider';
import type {
  Receipt,
  ReceiptItem,
  ReceiptItemSubject,
  ReceiptPaymentMode,
  ReceiptRequest,
  ReceiptSubject,
} from '../../platform/payments/receipt';
import type { FiscalKinds } from '../checkout/checkout.schemas';
import type { OrderForReceipt } from '../orders/orders.schemas';

export interface ReceiptSettings {
  selfEmployed: boolean;
  vatCode: number;
  taxSystemCode: number | undefined;
  subjects: { goods: ReceiptSubject; digital: ReceiptSubject; lesson: ReceiptSubject; course: ReceiptSubject };
  /** How each kind of order line is written on a receipt: its registration (`fiscalKinds` in src/services.ts). */
  fiscal: FiscalKinds;
}

export const MAX_ITEMS = { fz54: 100, selfEmployed: 6 } as const;
const MAX_DESCRIPTION = 128;

const DELIVERY_NAMES: Record<Exclude<OrderForReceipt['deliveryMethod'], 'none'>, string> = {
  standard: 'Доставка',
  express: 'Экспресс-доставка',
  pickup: 'Самовывоз',
  post: 'Доставка Почтой России',
  courier_pickup: 'Доставка до пункта выдачи',
};

function describe(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim() || 'Товар';
  return clean.length <= MAX_DESCRIPTION ? clean : `${clean.slice(0, MAX_DESCRIPTION - 1)}…`;
}

/**
 * `amount` split over `weights` in proportion, to the unit, summing exactly to `amount`
 * (largest remainder; ties go to the earlier weight).
 */
export function spread(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

interface Part {
  description: string;
  quantity: number;
  unitMinor: number;
  subject: ReceiptItemSubject;
  mode: ReceiptPaymentMode;
}

/** `totalMinor` for `quantity` units as one or two items with a whole-kopeck price per unit. */
function perUnit(base: Omit<Part, 'quantity' | 'unitMinor'>, quantity: number, totalMinor: number): Part[] {
  const unit = Math.floor(totalMinor / quantity);
  const dearer = totalMinor - unit * quantity;
  if (dearer === 0) return [{ ...base, quantity, unitMinor: unit }];
  return [
    { ...base, quantity: quantity - dearer, unitMinor: unit },
    { ...base, quantity: dearer, unitMinor: unit + 1 },
  ];
}

/** One line of the order (or its delivery) and what it costs after the discount. */
interface Share {
  base: Omit<Part, 'quantity' | 'unitMinor'>;
  quantity: number;
  totalMinor: number;
  /** Its index in `order.lines`; null for the delivery. */
  line: number | null;
}

/** The receipt's subject, payment mode and wording of a line, as its kind registered them. */
function fiscalOf(
  line: OrderForReceipt['lines'][number],
  settings: ReceiptSettings,
): { subject: ReceiptItemSubject; mode: ReceiptPaymentMode; description: string } {
  const fiscal = settings.fiscal[line.type](line);
  const name = line.name.ru ?? Object.values(line.name).find(Boolean) ?? '';
  return {
    // An advance is money for what is not chosen or made yet (54-FZ tag 1212 = 10).
    subject: fiscal.subject === 'advance' ? 'payment' : settings.subjects[fiscal.subject],
    mode: fiscal.mode,
    description: describe(fiscal.note ? `${name} (${fiscal.note})` : name),
  };
}

function shares(order: OrderForReceipt, settings: ReceiptSettings): Share[] {
  const totals = order.lines.map((line) => line.unitPriceRub * line.quantity);
  const discounts = spread(
    Math.min(
      order.discountRub,
      totals.reduce((a, b) => a + b, 0),
    ),
    totals,
  );
  const list: Share[] = [];
  for (const [index, line] of order.lines.entries()) {
    const base = fiscalOf(line, settings);
    const total = totals[index]! - discounts[index]!;
    // A line given away in full is not income: it has no item.
    if (total > 0) list.push({ base, quantity: line.quantity, totalMinor: total, line: index });
  }
  if (order.deliveryMethod !== 'none' && order.deliveryCostRub > 0) {
    list.push({
      base: { description: DELIVERY_NAMES[order.deliveryMethod], subject: 'service', mode: 'full_prepayment' },
      quantity: 1,
      totalMinor: order.deliveryCostRub,
      line: null,
    });
  }
  return list;
}

/**
 * The order's items split in two: what its payment pays (`paid`) and what a gift certificate paid
 * (`offset`, spread over the items in proportion like a discount, to the kopeck). Each side adds
 * up to its own amount exactly.
 */
function split(order: OrderForReceipt, settings: ReceiptSettings): { paid: Part[]; offset: Part[] } {
  const { paid, offset } = splitByShare(order, settings);
  return { paid: paid.flatMap((share) => share.parts), offset };
}

/** `split`, with the payment's parts kept per share (a line of the order, or the delivery). */
function splitByShare(
  order: OrderForReceipt,
  settings: ReceiptSettings,
): { paid: { share: Share; paidMinor: number; parts: Part[] }[]; offset: Part[] } {
  const list = shares(order, settings);
  const totals = list.map((share) => share.totalMinor);
  const byCertificate = spread(
    Math.min(
      order.giftCertificateRub,
      totals.reduce((a, b) => a + b, 0),
    ),
    totals,
  );
  const paid: { share: Share; paidMinor: number; parts: Part[] }[] = [];
  const offset: Part[] = [];
  for (const [index, share] of list.entries()) {
    const certificate = byCertificate[index]!;
    const rest = share.totalMinor - certificate;
    if (rest > 0) paid.push({ share, paidMinor: rest, parts: perUnit(share.base, share.quantity, rest) });
    // Settled by the certificate's advance: the goods are handed over against it.
    if (certificate > 0) offset.push(...perUnit({ ...share.base, mode: 'full_payment' }, share.quantity, certificate));
  }
  return { paid, offset };
}

/** The self-employed limit: the items from the 6th on become one "other items" item. */
function capped(parts: Part[], max: number, orderNumber: number): Part[] {
  if (parts.length <= max) return parts;
  const kept = parts.slice(0, max - 1);
  const rest = parts.slice(max - 1);
  return [
    ...kept,
    {
      description: `Прочие позиции заказа № ${orderNumber}`,
      quantity: 1,
      unitMinor: rest.reduce((sum, p) => sum + p.unitMinor * p.quantity, 0),
      subject: 'commodity',
      mode: 'full_payment',
    },
  ];
}

function toItem(part: Part, settings: ReceiptSettings): ReceiptItem {
  const item: ReceiptItem = {
    description: part.description,
    quantity: part.quantity,
    amount: { value: minorToDecimal(part.unitMinor), currency: 'RUB' },
    vat_code: settings.selfEmployed ? 1 : settings.vatCode,
  };
  if (!settings.selfEmployed) {
    item.payment_subject = part.subject;
    item.payment_mode = part.mode;
  }
  return item;
}

/** A receipt of `parts` for the order's customer (capped for the self-employed, with the tax system). */
function receiptOf(order: OrderForReceipt, parts: Part[], settings: ReceiptSettings): Receipt {
  const items = (settings.selfEmployed ? capped(parts, MAX_ITEMS.selfEmployed, order.number) : parts).map((part) =>
    toItem(part, settings),
  );
  return {
    customer: { email: order.customerEmail },
    items,
    ...(!settings.selfEmployed && settings.taxSystemCode !== undefined
      ? { tax_system_code: settings.taxSystemCode }
      : {}),
  };
}

/**
 * The receipt that goes with the order's payment: its items add up to what the payment takes,
 * `order.totalRub` less what a gift certificate paid.
 */
export function paymentReceipt(order: OrderForReceipt, settings: ReceiptSettings): Receipt {
  const parts = split(order, settings).paid;
  return receiptOf(order, parts, settings);
}

/**
 * What the payment paid for each order line (same order as `order.lines`), minor units: the line's
 * total less its share of the discount and of what a gift certificate paid, spread exactly as the
 * payment's receipt spreads them, so refunding every unit of a line gives back its receipt items.
 */
export function paidByLine(order: OrderForReceipt): number[] {
  const totals = order.lines.map((line) => line.unitPriceRub * line.quantity);
  const discounts = spread(
    Math.min(
      order.discountRub,
      totals.reduce((a, b) => a + b, 0),
    ),
    totals,
  );
  const afterDiscount = totals.map((total, index) => total - discounts[index]!);
  const delivery = order.deliveryMethod !== 'none' && order.deliveryCostRub > 0 ? [order.deliveryCostRub] : [];
  const weights = [...afterDiscount, ...delivery];
  const byCertificate = spread(
    Math.min(
      order.giftCertificateRub,
      weights.reduce((a, b) => a + b, 0),
    ),
    weights,
  );
  return afterDiscount.map((total, index) => total - byCertificate[index]!);
}

/**
 * The receipt of a refund of chosen lines: one item (or two, for a price that does not divide)
 * per refunded line for what it gave back, with the line's subject and mode as paid (goods shipped
 * already were handed over: `full_payment`). Adds up to the refund exactly.
 */
export function lineRefundReceipt(
  order: OrderForReceipt,
  settings: ReceiptSettings,
  refunded: { index: number; quantity: number; amountMinor: number }[],
  handedOver: boolean,
): Receipt {
  const parts: Part[] = [];
  for (const { index, quantity, amountMinor } of refunded) {
    const line = order.lines[index]!;
    if (amountMinor <= 0) continue;
    const { description, subject, mode } = fiscalOf(line, settings);
    parts.push(
      ...perUnit(
        { description, subject, mode: handedOver && mode === 'full_prepayment' ? 'full_payment' : mode },
        quantity,
        amountMinor,
      ),
    );
  }
  return receiptOf(order, parts, settings);
}

/** quantity × amount of every item, in minor units. */
export function receiptTotal(items: ReceiptItem[]): number {
  return items.reduce((sum, item) => sum + Math.round(decimalToMinor(item.amount.value) * item.quantity), 0);
}

/**
 * The completion receipt of a payment's prepaid items, handed over now: the same items with
 * `full_payment`, settled by the prepayment. null when nothing was prepaid.
 */
export function completionReceipt(paid: Receipt, providerPaymentId: string): ReceiptRequest | null {
  const items = paid.items
    .filter((item) => item.payment_mode === 'full_prepayment')
    .map((item) => ({ ...item, payment_mode: 'full_payment' as const }));
  if (items.length === 0) return null;
  return {
    customer: paid.customer,
    items,
    ...(paid.tax_system_code !== undefined ? { tax_system_code: paid.tax_system_code } : {}),
    type: 'payment',
    payment_id: providerPaymentId,
    send: true,
    settlements: [{ type: 'prepayment', amount: { value: minorToDecimal(receiptTotal(items)), currency: 'RUB' } }],
  };
}

/**
 * The completion receipt after refunds of chosen lines: the prepaid items of the payment as the
 * order prices them (`paymentReceipt`), each line's units less those refunded and its amount less
 * what they gave back (a line refunded whole has no item), the delivery as paid. What is handed
 * over is exactly what the customer kept. null when nothing prepaid is left.
 */
export function completionAfterRefunds(
  order: OrderForReceipt,
  settings: ReceiptSettings,
  providerPaymentId: string,
): ReceiptRequest | null {
  const parts = splitByShare(order, settings).paid.flatMap(({ share, paidMinor, parts }) => {
    if (share.base.mode !== 'full_prepayment') return [];
    const line = share.line === null ? null : order.lines[share.line]!;
    const refundedUnits = line?.refundedQuantity ?? 0;
    if (refundedUnits === 0) return parts;
    const units = share.quantity - refundedUnits;
    const left = paidMinor - (line?.refundedMinor ?? 0);
    return units > 0 && left > 0 ? perUnit(share.base, units, left) : [];
  });
  const paid = receiptOf(order, parts, settings);
  return completionReceipt(paid, providerPaymentId);
}

/**
 * The receipt of the part of an order a bought gift certificate paid: those items, handed over
 * (`full_payment`), settled by the advance the certificate's sale took (`prepayment`), tied to that
 * sale's payment. null for the self-employed (the certificate's sale was the income) or when no
 * part was paid by a certificate.
 */
export function offsetReceipt(
  order: OrderForReceipt,
  settings: ReceiptSettings,
  advanceProviderPaymentId: string,
): ReceiptRequest | null {
  if (settings.selfEmployed) return null;
  const items = split(order, settings).offset.map((part) => toItem(part, settings));
  if (items.length === 0) return null;
  return {
    customer: { email: order.customerEmail },
    items,
    ...(settings.taxSystemCode !== undefined ? { tax_system_code: settings.taxSystemCode } : {}),
    type: 'payment',
    payment_id: advanceProviderPaymentId,
    send: true,
    settlements: [{ type: 'prepayment', amount: { value: minorToDecimal(receiptTotal(items)), currency: 'RUB' } }],
  };
}
