/**
 * The customer's order mails (order received, every status change, expiry of an unpaid order), as
 * text and HTML in the order's language. Pure functions: they render the content; the service
 * addresses it to the account's verified email and enqueues it in its transaction.
 */
import { type Currency, type Language, localize, type Order, type OrderStatus } from '@atelier/shared';
import type { MailMessage } from '../../platform/mail/mail';

type Texts = Record<Language, string>;

const SITE = 'Atelier';

export const STATUS_NAMES: Record<OrderStatus, Texts> = {
  pending: { ru: 'ожидает оплаты', en: 'awaiting payment', es: 'pendiente de pago' },
  confirmed: { ru: 'подтверждён (оплачен)', en: 'confirmed (paid)', es: 'confirmado (pagado)' },
  processing: { ru: 'в обработке', en: 'being prepared', es: 'en preparación' },
  shipped: { ru: 'отправлен', en: 'shipped', es: 'enviado' },
  delivered: { ru: 'доставлен', en: 'delivered', es: 'entregado' },
  cancelled: { ru: 'отменён', en: 'cancelled', es: 'cancelado' },
};

const PAYMENT_NAMES: Record<Order['paymentMethod'], Texts> = {
  card: { ru: 'банковская карта', en: 'bank card', es: 'tarjeta bancaria' },
  paypal: { ru: 'PayPal', en: 'PayPal', es: 'PayPal' },
  cash: { ru: 'наличные', en: 'cash', es: 'efectivo' },
  bank_transfer: { ru: 'банковский перевод', en: 'bank transfer', es: 'transferencia bancaria' },
};

const L = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  receivedSubject: { ru: 'Заказ №{n} принят', en: 'Order #{n} received', es: 'Pedido n.º {n} recibido' },
  receivedIntro: {
    ru: 'Спасибо за заказ! Мы получили заказ №{n}. Его статус: {status}.',
    en: 'Thank you for your order! We have received order #{n}. Its status: {status}.',
    es: '¡Gracias por su pedido! Hemos recibido el pedido n.º {n}. Su estado: {status}.',
  },
  statusSubject: {
    ru: 'Заказ №{n}: {status}',
    en: 'Order #{n}: {status}',
    es: 'Pedido n.º {n}: {status}',
  },
  statusIntro: {
    ru: 'Статус вашего заказа №{n} изменён: {status}.',
    en: 'The status of your order #{n} has changed: {status}.',
    es: 'El estado de su pedido n.º {n} ha cambiado: {status}.',
  },
  expiredSubject: {
    ru: 'Заказ №{n} отменён: истёк срок оплаты',
    en: 'Order #{n} cancelled: not paid in time',
    es: 'Pedido n.º {n} cancelado: no se pagó a tiempo',
  },
  expiredIntro: {
    ru: 'Заказ №{n} не был оплачен до {until} и отменён автоматически. Зарезервированные товары и места снова доступны другим покупателям. Если вы всё ещё хотите сделать покупку, оформите новый заказ.',
    en: 'Order #{n} was not paid by {until} and has been cancelled automatically. The items and places it held are available to other customers again. If you still want them, please place a new order.',
    es: 'El pedido n.º {n} no se pagó antes del {until} y se ha cancelado automáticamente. Los artículos y plazas reservados vuelven a estar disponibles. Si aún los desea, realice un nuevo pedido.',
  },
  items: { ru: 'Состав заказа:', en: 'Items:', es: 'Artículos:' },
  subtotal: { ru: 'Товары', en: 'Items', es: 'Artículos' },
  discount: { ru: 'Скидка', en: 'Discount', es: 'Descuento' },
  delivery: { ru: 'Доставка', en: 'Delivery', es: 'Envío' },
  total: { ru: 'Итого', en: 'Total', es: 'Total' },
  payment: { ru: 'Способ оплаты', en: 'Payment method', es: 'Método de pago' },
  action: { ru: 'Мои заказы', en: 'My orders', es: 'Mis pedidos' },
  footer: {
    ru: 'Если у вас есть вопросы по заказу, просто ответьте на это письмо.',
    en: 'If you have any questions about your order, just reply to this email.',
    es: 'Si tiene alguna pregunta sobre su pedido, responda a este correo.',
  },
} satisfies Record<string, Texts>;

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB', es: 'es-ES' };
const formatters = new Map<string, Intl.NumberFormat>();

/** formatMoney's output with the Intl formatters built once per language/currency/fraction (they are costly to build). */
function cachedMoney(amount: number, currency: Currency, lang: Language): string {
  const whole = Number.isInteger(amount);
  const key = `${lang}:${currency}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

function money(_order: Order, rub: number, lang: Language): string {
  return cachedMoney(rub, 'RUB', lang);
}

function summary(order: Order, lang: Language): string[] {
  const lines = order.items.map(
    (item) => `• ${localize(item.name, lang)} × ${item.quantity} — ${money(order, item.lineTotal, lang)}`,
  );
  const totals = [
    `${L.subtotal[lang]}: ${money(order, order.subtotal, lang)}`,
    ...(order.discount > 0 ? [`${L.discount[lang]}: −${money(order, order.discount, lang)}`] : []),
    ...(order.delivery.method !== 'none' ? [`${L.delivery[lang]}: ${money(order, order.deliveryCost, lang)}`] : []),
    `${L.total[lang]}: ${money(order, order.total, lang)}${
      order.currency !== 'RUB' ? ` (${cachedMoney(order.totalInCurrency, order.currency as Currency, lang)})` : ''
    }`,
    `${L.payment[lang]}: ${PAYMENT_NAMES[order.paymentMethod][lang]}`,
  ];
  return [L.items[lang], ...lines, '', ...totals];
}

/** A mail's content; the service adds the recipient (the account's verified address). */
export type OrderMail = Omit<MailMessage, 'to'>;

function render(order: Order, subject: string, intro: string, accountUrl: string): OrderMail {
  const lang = order.language;
  const greeting = fill(L.hello[lang], { name: order.customer.firstName });
  const body = summary(order, lang);
  const text = [
    greeting,
    '',
    intro,
    '',
    ...body,
    '',
    `${L.action[lang]}: ${accountUrl}`,
    '',
    L.footer[lang],
    '',
    `— ${SITE}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#fbf7f4;font-family:Georgia,'Times New Roman',serif;color:#3b2f2f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(intro)}</p>
${body.map((line) => (line ? `<p style="font-size:15px;line-height:1.4;margin:0 0 6px">${escapeHtml(line)}</p>` : '<br>')).join('\n')}
<p style="text-align:center;margin:24px 0"><a href="${escapeHtml(accountUrl)}" style="display:inline-block;background:#8a3f4d;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-size:16px">${escapeHtml(L.action[lang])}</a></p>
<p style="font-size:13px;color:#6b5b5b;margin:24px 0 0">${escapeHtml(L.footer[lang])}</p>
<p style="font-size:13px;color:#6b5b5b">— ${SITE}</p>
</td></tr></table>
</body></html>`;
  return { subject, text, html };
}

export function orderReceivedMail(order: Order, accountUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: STATUS_NAMES[order.status][lang] };
  return render(order, fill(L.receivedSubject[lang], values), fill(L.receivedIntro[lang], values), accountUrl);
}

export function orderStatusMail(order: Order, accountUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: STATUS_NAMES[order.status][lang] };
  return render(order, fill(L.statusSubject[lang], values), fill(L.statusIntro[lang], values), accountUrl);
}

const DATE_TIME: Record<Language, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat(LOCALES.ru, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat(LOCALES.es, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
};

/** An unpaid order cancelled by the expiry sweeper; `heldUntil` is the deadline it missed. */
export function orderExpiredMail(order: Order, heldUntil: Date, accountUrl: string): OrderMail {
  const lang = order.language;
  // The server does not know the customer's time zone: the deadline is given in UTC, and says so.
  const values = { n: order.number, until: `${DATE_TIME[lang].format(heldUntil)} UTC` };
  return render(order, fill(L.expiredSubject[lang], values), fill(L.expiredIntro[lang], values), accountUrl);
}
