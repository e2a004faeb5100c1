/**
 * The customer's order mails (order received, every status change, expiry of an unpaid order): their
 * words, in the order's language: the order's lines and sums in its currency and a button to its
 * page. The status and payment method names are the ones the web shows
 * (`@atelier/shared` messages/orders.ts); the look is the one mail layout. Pure functions: the
 * service addresses the mail to the account's verified email and enqueues it in its transaction.
 */
import {
  type Currency,
  fillText,
  formatMoney,
  inSentence,
  intlLocale,
  type Language,
  localize,
  ORDER_STATUS_LABELS,
  type Order,
  PAYMENT_METHOD_LABELS,
  SHIP_CARRIER_LABELS,
  type Texts,
  TRACKING_CARRIER_LABELS,
  trackingUrl,
  unitsLeft,
} from '@atelier/shared';
import { type MailBrand, type MailContent, type RenderedMail, renderMail } from '../../platform/mail/layout';
import { orderPageUrl } from './orders.schemas';

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
  shippedSubject: {
    ru: 'Заказ №{n} отправлен',
    en: 'Order #{n} has been shipped',
    es: 'El pedido n.º {n} ha sido enviado',
  },
  shippedIntro: {
    ru: 'Ваш заказ №{n} отправлен. Способ доставки: {carrier}.',
    en: 'Your order #{n} is on its way. Sent by: {carrier}.',
    es: 'Su pedido n.º {n} está en camino. Enviado por: {carrier}.',
  },
  pickupSubject: {
    ru: 'Заказ №{n} готов к выдаче',
    en: 'Order #{n} is ready for pickup',
    es: 'El pedido n.º {n} está listo para recoger',
  },
  pickupIntro: {
    ru: 'Ваш заказ №{n} готов, его можно забрать в мастерской.',
    en: 'Your order #{n} is ready: you can collect it from the workshop.',
    es: 'Su pedido n.º {n} está listo: puede recogerlo en el taller.',
  },
  pickupPhone: {
    ru: 'Договориться о времени можно по телефону {phone}.',
    en: 'To arrange a time, call {phone}.',
    es: 'Para acordar la hora, llame al {phone}.',
  },
  note: {
    ru: 'Сообщение от мастерской: {note}',
    en: 'A note from the workshop: {note}',
    es: 'Nota del taller: {note}',
  },
  subtotal: { ru: 'Товары', en: 'Items', es: 'Artículos' },
  discount: { ru: 'Скидка', en: 'Discount', es: 'Descuento' },
  delivery: { ru: 'Доставка', en: 'Delivery', es: 'Envío' },
  free: { ru: 'бесплатно', en: 'free', es: 'gratis' },
  total: { ru: 'Итого', en: 'Total', es: 'Total' },
  giftCertificate: { ru: 'Оплачено сертификатом', en: 'Paid by gift certificate', es: 'Pagado con certificado regalo' },
  amountDue: { ru: 'К оплате', en: 'To pay', es: 'A pagar' },
  refunded: { ru: 'Возвращено', en: 'Refunded', es: 'Reembolsado' },
  net: { ru: 'Итого с учётом возвратов', en: 'Net after refunds', es: 'Neto tras reembolsos' },
  payment: { ru: 'Способ оплаты', en: 'Payment method', es: 'Método de pago' },
  quantity: { ru: '{q} × {price}', en: '{q} × {price}', es: '{q} × {price}' },
  action: { ru: 'Открыть заказ', en: 'View your order', es: 'Ver su pedido' },
} satisfies Record<string, Texts>;

/** An amount in the order's own currency, as the order records it (what the customer saw and paid). */
function money(amount: number, order: Order, lang: Language): string {
  return formatMoney(amount, order.currency as Currency, lang);
}

const L = ORDER_MAIL_TEXTS;

export { orderPageUrl };

/**
 * The order's lines and sums, in the order's currency; zero delivery is "free". Units given back by
 * a refund of chosen lines are left out of the lines (a line refunded whole is not listed), and the
 * totals say what was refunded and what the order comes to after it.
 */
function summary(order: Order, lang: Language): Pick<MailContent, 'items' | 'totals'> {
  const currency = order.currency as Currency;
  const items = order.items.flatMap((item) => {
    const units = unitsLeft(item);
    if (units === 0) return [];
    return [
      {
        name: localize(item.name, lang),
        ...(units > 1
          ? { detail: fillText(L.quantity[lang], { q: units, price: money(item.unitPriceInCurrency, order, lang) }) }
          : {}),
        amount: money(
          units === item.quantity ? item.lineTotalInCurrency : item.unitPriceInCurrency * units,
          order,
          lang,
        ),
      },
    ];
  });
  const totals: NonNullable<MailContent['totals']> = [
    { label: L.subtotal[lang], value: money(order.subtotalInCurrency, order, lang) },
    ...(order.discountInCurrency > 0
      ? [{ label: L.discount[lang], value: `−${money(order.discountInCurrency, order, lang)}` }]
      : []),
    ...(order.delivery.method !== 'none'
      ? [
          {
            label: L.delivery[lang],
            value: order.deliveryCostInCurrency > 0 ? money(order.deliveryCostInCurrency, order, lang) : L.free[lang],
          },
        ]
      : []),
    {
      label: L.total[lang],
      value: formatMoney(order.totalInCurrency, currency, lang),
      strong: order.giftCertificate <= 0,
    },
    // What a gift certificate paid, and what is left, in the order's currency.
    ...(order.giftCertificate > 0
      ? [
          { label: L.giftCertificate[lang], value: `−${formatMoney(order.giftCertificate, currency, lang)}` },
          { label: L.amountDue[lang], value: formatMoney(order.amountDue, currency, lang), strong: true },
        ]
      : []),
    ...(order.refundedTotalInCurrency > 0
      ? [
          { label: L.refunded[lang], value: `−${formatMoney(order.refundedTotalInCurrency, currency, lang)}` },
          { label: L.net[lang], value: formatMoney(order.netTotalInCurrency, currency, lang), strong: true },
        ]
      : []),
  ];
  return { items, totals };
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

function render(
  order: Order,
  subject: string,
  intro: string,
  baseUrl: string,
  brand: MailBrand | undefined,
  withTracking = false,
  extra: string[] = [],
): OrderMail {
  const lang = order.language;
  const tracking = withTracking ? trackingParts(order) : { block: [], action: [] };
  return renderMail(
    {
      lang,
      subject,
      greeting: fillText(L.hello[lang], { name: order.customer.firstName }),
      blocks: [intro, ...tracking.block, ...extra],
      ...summary(order, lang),
      after: [`${L.payment[lang]}: ${PAYMENT_METHOD_LABELS[order.paymentMethod][lang]}`],
      actions: [{ label: L.action[lang], url: orderPageUrl(baseUrl, order.id) }, ...tracking.action],
    },
    brand,
  );
}

/** The status as the mails write it: the web's label, inside a sentence. */
const statusName = (order: Order) => inSentence(ORDER_STATUS_LABELS[order.status][order.language]);

/**
 * The order mails take the site's address (`baseUrl`, the button opens the order's page) and,
 * for the one written outside `enqueueMail` (the first, in the checkout's statement), the brand.
 */
export function orderReceivedMail(order: Order, baseUrl: string, brand?: MailBrand): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: statusName(order) };
  return render(
    order,
    fillText(L.receivedSubject[lang], values),
    fillText(L.receivedIntro[lang], values),
    baseUrl,
    brand,
  );
}

export function orderStatusMail(order: Order, baseUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: statusName(order) };
  // A parcel on its way (or arrived) carries its tracking number, when the admin gave one.
  const withTracking = order.status === 'shipped' || order.status === 'delivered';
  return render(
    order,
    fillText(L.statusSubject[lang], values),
    fillText(L.statusIntro[lang], values),
    baseUrl,
    undefined,
    withTracking,
  );
}

/** The tracking number given (or corrected) after the order was marked shipped. */
export function orderTrackingMail(order: Order, baseUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number };
  return render(
    order,
    fillText(L.trackingSubject[lang], values),
    fillText(L.trackingIntro[lang], values),
    baseUrl,
    undefined,
    true,
  );
}

/**
 * The one mail of the ship dialog: the order is on its way with its carrier, the tracking number and
 * the carrier's tracking page (Russian Post, CDEK) and the admin's note. Sent by pickup from the
 * workshop, it says the order is ready to collect (with the shop's phone, when the settings have one).
 */
export function orderShippedMail(
  order: Order,
  note: string | null,
  baseUrl: string,
  shop: { phone?: string | null } = {},
): OrderMail {
  const lang = order.language;
  const noteLine = note ? [fillText(L.note[lang], { note })] : [];
  if (order.carrier === 'pickup') {
    const values = { n: order.number };
    const phone = shop.phone?.trim();
    return render(
      order,
      fillText(L.pickupSubject[lang], values),
      fillText(L.pickupIntro[lang], values),
      baseUrl,
      undefined,
      false,
      [...(phone ? [fillText(L.pickupPhone[lang], { phone })] : []), ...noteLine],
    );
  }
  const carrier = order.carrier && order.carrier !== 'other' ? SHIP_CARRIER_LABELS[order.carrier][lang] : null;
  const values = { n: order.number, carrier: carrier ?? TRACKING_CARRIER_LABELS.other[lang] };
  return render(
    order,
    fillText(L.shippedSubject[lang], values),
    fillText(L.shippedIntro[lang], values),
    baseUrl,
    undefined,
    true,
    noteLine,
  );
}

const DATE_TIME: Record<Language, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat(intlLocale('ru'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat(intlLocale('en'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat(intlLocale('es'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
};

/** An unpaid order cancelled by the expiry sweeper; `heldUntil` is the deadline it missed. */
export function orderExpiredMail(order: Order, heldUntil: Date, baseUrl: string): OrderMail {
  const lang = order.language;
  // The server does not know the customer's time zone: the deadline is given in UTC, and says so.
  const values = { n: order.number, until: `${DATE_TIME[lang].format(heldUntil)} UTC` };
  return render(
    order,
    fillText(L.expiredSubject[lang], values),
    fillText(L.expiredIntro[lang], values),
    baseUrl,
    undefined,
  );
}
