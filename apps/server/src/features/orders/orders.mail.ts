/**
 * The customer's order mails (order received, every status change, expiry of an unpaid order): their
 * words, in the order's language. The status and payment method names are the ones the web shows
 * (`@atelier/shared` messages/orders.ts); the look is the one mail layout. Pure functions: the
 * service addresses the mail to the account's verified email and enqueues it in its transaction.
 */
import {
  type Currency,
  fillText,
  formatMoney,
  inSentence,
  type Language,
  localize,
  ORDER_STATUS_LABELS,
  type Order,
  PAYMENT_METHOD_LABELS,
  type Texts,
  TRACKING_CARRIER_LABELS,
  trackingUrl,
} from '@atelier/shared';
import { type RenderedMail, renderMail } from '../../platform/mail/layout';

export const ORDER_MAIL_TEXTS = {
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
  tracking: {
    ru: 'Трек-номер ({carrier}): {number}',
    en: 'Tracking number ({carrier}): {number}',
    es: 'Número de seguimiento ({carrier}): {number}',
  },
  track: { ru: 'Отследить посылку', en: 'Track the parcel', es: 'Seguir el envío' },
  trackingSubject: {
    ru: 'Заказ №{n}: трек-номер посылки',
    en: 'Order #{n}: tracking number',
    es: 'Pedido n.º {n}: número de seguimiento',
  },
  trackingIntro: {
    ru: 'Посылку с вашим заказом №{n} можно отслеживать по трек-номеру ниже.',
    en: 'The parcel with your order #{n} can be tracked with the number below.',
    es: 'El paquete con su pedido n.º {n} se puede seguir con el número de abajo.',
  },
  items: { ru: 'Состав заказа:', en: 'Items:', es: 'Artículos:' },
  subtotal: { ru: 'Товары', en: 'Items', es: 'Artículos' },
  discount: { ru: 'Скидка', en: 'Discount', es: 'Descuento' },
  delivery: { ru: 'Доставка', en: 'Delivery', es: 'Envío' },
  total: { ru: 'Итого', en: 'Total', es: 'Total' },
  giftCertificate: { ru: 'Оплачено сертификатом', en: 'Paid by gift certificate', es: 'Pagado con certificado regalo' },
  amountDue: { ru: 'К оплате', en: 'To pay', es: 'A pagar' },
  payment: { ru: 'Способ оплаты', en: 'Payment method', es: 'Método de pago' },
  action: { ru: 'Мои заказы', en: 'My orders', es: 'Mis pedidos' },
  footer: {
    ru: 'Если у вас есть вопросы по заказу, просто ответьте на это письмо.',
    en: 'If you have any questions about your order, just reply to this email.',
    es: 'Si tiene alguna pregunta sobre su pedido, responda a este correo.',
  },
} satisfies Record<string, Texts>;

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB', es: 'es-ES' };

const money = (rub: number, lang: Language) => formatMoney(rub, 'RUB', lang);

const L = ORDER_MAIL_TEXTS;

/** The order's lines, then its totals and payment method: two blocks of lines. */
function summary(order: Order, lang: Language): string[][] {
  const lines = order.items.map(
    (item) => `• ${localize(item.name, lang)} × ${item.quantity} — ${money(item.lineTotal, lang)}`,
  );
  const totals = [
    `${L.subtotal[lang]}: ${money(order.subtotal, lang)}`,
    ...(order.discount > 0 ? [`${L.discount[lang]}: −${money(order.discount, lang)}`] : []),
    ...(order.delivery.method !== 'none' ? [`${L.delivery[lang]}: ${money(order.deliveryCost, lang)}`] : []),
    `${L.total[lang]}: ${money(order.total, lang)}${
      order.currency !== 'RUB' ? ` (${formatMoney(order.totalInCurrency, order.currency as Currency, lang)})` : ''
    }`,
    // What a gift certificate paid, and what is left, in the order's currency.
    ...(order.giftCertificate > 0
      ? [
          `${L.giftCertificate[lang]}: −${formatMoney(order.giftCertificate, order.currency as Currency, lang)}`,
          `${L.amountDue[lang]}: ${formatMoney(order.amountDue, order.currency as Currency, lang)}`,
        ]
      : []),
    `${L.payment[lang]}: ${PAYMENT_METHOD_LABELS[order.paymentMethod][lang]}`,
  ];
  return [[L.items[lang], ...lines], totals];
}

/** A mail's content; the service adds the recipient (the account's verified address). */
export type OrderMail = RenderedMail;

/** The tracking number line and the carrier's tracking page, when the parcel has a number. */
function trackingParts(order: Order): { block: string[]; action: { label: string; url: string }[] } {
  if (!order.tracking) return { block: [], action: [] };
  const lang = order.language;
  const line = fillText(L.tracking[lang], {
    carrier: TRACKING_CARRIER_LABELS[order.tracking.carrier][lang],
    number: order.tracking.number,
  });
  const url = trackingUrl(order.tracking);
  return { block: [line], action: url ? [{ label: L.track[lang], url }] : [] };
}

function render(order: Order, subject: string, intro: string, accountUrl: string, withTracking = false): OrderMail {
  const lang = order.language;
  const tracking = withTracking ? trackingParts(order) : { block: [], action: [] };
  return renderMail({
    lang,
    subject,
    greeting: fillText(L.hello[lang], { name: order.customer.firstName }),
    blocks: [intro, ...tracking.block, ...summary(order, lang)],
    actions: [...tracking.action, { label: L.action[lang], url: accountUrl }],
    footer: L.footer[lang],
  });
}

/** The status as the mails write it: the web's label, inside a sentence. */
const statusName = (order: Order) => inSentence(ORDER_STATUS_LABELS[order.status][order.language]);

export function orderReceivedMail(order: Order, accountUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: statusName(order) };
  return render(order, fillText(L.receivedSubject[lang], values), fillText(L.receivedIntro[lang], values), accountUrl);
}

export function orderStatusMail(order: Order, accountUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: statusName(order) };
  // A parcel on its way (or arrived) carries its tracking number, when the admin gave one.
  const withTracking = order.status === 'shipped' || order.status === 'delivered';
  return render(
    order,
    fillText(L.statusSubject[lang], values),
    fillText(L.statusIntro[lang], values),
    accountUrl,
    withTracking,
  );
}

/** The tracking number given (or corrected) after the order was marked shipped. */
export function orderTrackingMail(order: Order, accountUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number };
  return render(
    order,
    fillText(L.trackingSubject[lang], values),
    fillText(L.trackingIntro[lang], values),
    accountUrl,
    true,
  );
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
  return render(order, fillText(L.expiredSubject[lang], values), fillText(L.expiredIntro[lang], values), accountUrl);
}
