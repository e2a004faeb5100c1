/**
 * The admin's orders as a spreadsheet file (platform/csv.ts says how Excel is kept happy).
 */
import { type Language, localize } from '@atelier/shared';
import { toCsv } from '../../platform/csv';
import type { OrderItemRow, OrderRow } from './orders.repo';

export { CSV_BOM, csvCell, toCsv } from '../../platform/csv';

const HEADERS: Record<Language, string[]> = {
  ru: [
    'Номер',
    'Дата (UTC)',
    'Статус',
    'Оплата',
    'Состояние оплаты',
    'Покупатель',
    'Email',
    'Телефон',
    'Доставка',
    'Адрес',
    'Состав',
    'Товары, ₽',
    'Скидка, ₽',
    'Доставка, ₽',
    'Итого, ₽',
    'Возвращено, ₽',
    'Итого за вычетом возвратов, ₽',
    'Валюта',
    'Комментарий',
  ],
  en: [
    'Number',
    'Date (UTC)',
    'Status',
    'Payment',
    'Payment state',
    'Customer',
    'Email',
    'Phone',
    'Delivery',
    'Address',
    'Items',
    'Subtotal, RUB',
    'Discount, RUB',
    'Delivery, RUB',
    'Total, RUB',
    'Refunded, RUB',
    'Net, RUB',
    'Currency',
    'Comment',
  ],
  es: [
    'Número',
    'Fecha (UTC)',
    'Estado',
    'Pago',
    'Estado del pago',
    'Cliente',
    'Email',
    'Teléfono',
    'Envío',
    'Dirección',
    'Artículos',
    'Subtotal, RUB',
    'Descuento, RUB',
    'Envío, RUB',
    'Total, RUB',
    'Reembolsado, RUB',
    'Neto, RUB',
    'Moneda',
    'Comentario',
  ],
};

/** Rubles from kopecks with the language's decimal separator (Excel reads "1234,50" in ru/es locales). */
function rubles(kopecks: number, lang: Language): string {
  const text = (kopecks / 100).toFixed(2);
  return lang === 'en' ? text : text.replace('.', ',');
}

export function ordersCsv(rows: OrderRow[], itemsByOrder: Map<string, OrderItemRow[]>, lang: Language): string {
  const lines = rows.map((row) => {
    const d = row.delivery;
    const address = [d.postalCode, d.country, d.city, d.address, d.pickupPoint].filter(Boolean).join(', ');
    const lines = itemsByOrder.get(row.id) ?? [];
    const items = lines.map((item) => `${localize(item.name, lang)} × ${item.quantity}`).join('; ');
    // What refunds of chosen lines gave back, and the total less it (what the order brought in).
    const refunded = lines.reduce((sum, item) => sum + item.refundedMinor, 0);
    return [
      row.number,
      row.createdAt.toISOString().slice(0, 16).replace('T', ' '),
      row.status,
      row.paymentMethod,
      row.paymentState,
      `${row.customer.firstName} ${row.customer.lastName}`.trim(),
      row.customer.email,
      row.customer.phone,
      d.method,
      address,
      items,
      rubles(row.subtotalRub, lang),
      rubles(row.discountRub, lang),
      rubles(row.deliveryCostRub, lang),
      rubles(row.totalRub, lang),
      rubles(refunded, lang),
      rubles(row.totalRub - refunded, lang),
      row.currency,
      row.comment,
    ];
  });
  return toCsv([HEADERS[lang], ...lines]);
}
