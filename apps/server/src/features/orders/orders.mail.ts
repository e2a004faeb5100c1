/**
 * The customer's order mails: their words, in the order's language: the order's lines (with their
 * pictures and the book's edition) and sums in its currency, where and how it travels, how it is
 * paid, and a button to its page. One mail per event (docs/decisions/0105): an order paid online
 * gets one "confirmed" mail when paid and none before; a cash or bank-transfer order gets one
 * "awaiting payment" mail with how to pay when placed; every later status change its own. The
 * status names are the ones the web shows (`@atelier/shared` messages/orders.ts); the look is the
 * one mail layout. Pure functions: the service addresses the mail to the account's verified email
 * and enqueues it in its transaction.
 */
import {
  type BookFormat,
  type Currency,
  countryName,
  type DeliveryMethod,
  fillText,
  formatMoney,
  inSentence,
  intlLocale,
  type Language,
  localize,
  ONLINE_METHODS,
  type OnlineMethod,
  ORDER_STATUS_LABELS,
  type Order,
  type PaymentMethod,
  resolveCountry,
  SHIP_CARRIER_LABELS,
  type Texts,
  TRACKING_CARRIER_LABELS,
  trackingUrl,
  unitsLeft,
} from '@atelier/shared';
import { siteLinks } from '../../platform/http/links';
import { type MailBrand, type MailContent, type RenderedMail, renderMail } from '../../platform/mail/layout';
import { orderPageUrl } from './orders.schemas';

export const ORDER_MAIL_TEXTS = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  awaitingSubject: {
    ru: 'Заказ №{n} ждёт оплаты',
    en: 'Order #{n} is awaiting payment',
    es: 'El pedido n.º {n} está pendiente de pago',
  },
  awaitingIntro: {
    ru: 'Спасибо за заказ! Заказ №{n} оформлен и ждёт оплаты.',
    en: 'Thank you for your order! Order #{n} is placed and awaiting payment.',
    es: '¡Gracias por su pedido! El pedido n.º {n} está hecho y pendiente de pago.',
  },
  payBy: {
    ru: 'Заказ ждёт оплаты до {until}; после этого он будет отменён автоматически.',
    en: 'The order waits for payment until {until}; after that it is cancelled automatically.',
    es: 'El pedido espera el pago hasta el {until}; después se cancela automáticamente.',
  },
  payOnline: {
    ru: 'Можно оплатить и онлайн — картой или через СБП — по ссылке ниже.',
    en: 'You can also pay online, by card or SBP, with the link below.',
    es: 'También puede pagar en línea, con tarjeta o SBP, con el enlace de abajo.',
  },
  payOnlineAction: { ru: 'Оплатить онлайн', en: 'Pay online', es: 'Pagar en línea' },
  confirmedSubject: { ru: 'Заказ №{n} оплачен', en: 'Order #{n} paid', es: 'Pedido n.º {n} pagado' },
  confirmedIntro: {
    ru: 'Спасибо! Заказ №{n} оплачен.',
    en: 'Thank you! Order #{n} is paid.',
    es: '¡Gracias! El pedido n.º {n} está pagado.',
  },
  confirmedShip: {
    ru: 'Мы соберём заказ и напишем, когда отправим его.',
    en: 'We will pack the order and write when it is on its way.',
    es: 'Prepararemos el pedido y le escribiremos cuando esté en camino.',
  },
  confirmedPickup: {
    ru: 'Мы напишем, когда заказ будет готов к выдаче.',
    en: 'We will write when the order is ready for collection.',
    es: 'Le escribiremos cuando el pedido esté listo para recoger.',
  },
  confirmedAccess: {
    ru: 'Всё купленное уже доступно в личном кабинете.',
    en: 'Everything you bought is already in your account.',
    es: 'Todo lo que ha comprado ya está en su cuenta.',
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
  deliveryMethod: { ru: 'Способ доставки', en: 'Delivery method', es: 'Método de envío' },
  address: { ru: 'Адрес доставки', en: 'Delivery address', es: 'Dirección de envío' },
  pickupPoint: { ru: 'Пункт выдачи', en: 'Pickup point', es: 'Punto de recogida' },
  expected: {
    ru: 'Ожидаемый срок доставки: {range} {days} после отправки.',
    en: 'Expected delivery: {range} {days} after dispatch.',
    es: 'Plazo de entrega previsto: {range} {days} tras el envío.',
  },
  readyIn: {
    ru: 'Заказ будет готов к выдаче через {range} {days}.',
    en: 'Your order will be ready for collection in {range} {days}.',
    es: 'Su pedido estará listo para recoger en {range} {days}.',
  },
  quantity: { ru: '{q} × {price}', en: '{q} × {price}', es: '{q} × {price}' },
  action: { ru: 'Открыть заказ', en: 'View your order', es: 'Ver su pedido' },
} satisfies Record<string, Texts>;

/** How each delivery method is named in a mail (the checkout's names). */
export const DELIVERY_METHOD_MAIL_NAMES = {
  standard: { ru: 'Стандартная доставка', en: 'Standard delivery', es: 'Envío estándar' },
  express: { ru: 'Экспресс-доставка', en: 'Express delivery', es: 'Envío exprés' },
  pickup: { ru: 'Самовывоз из мастерской', en: 'Pickup from the workshop', es: 'Recogida en el taller' },
  post: { ru: 'Почта России', en: 'Russian Post', es: 'Correos de Rusia' },
  courier_pickup: { ru: 'Пункт выдачи СДЭК', en: 'CDEK pickup point', es: 'Punto de recogida CDEK' },
} satisfies Record<DeliveryMethod, Texts>;

/** A book's edition under its line. */
export const BOOK_FORMAT_MAIL_NAMES = {
  physical: { ru: 'Печатное издание', en: 'Printed edition', es: 'Edición impresa' },
  digital: { ru: 'Электронная книга', en: 'E-book', es: 'Libro electrónico' },
} satisfies Record<BookFormat, Texts>;

/**
 * The way an order is (to be) paid as the customer chose it: the online way the bank reported
 * (card, SBP, …), never the checkout's umbrella word "online".
 */
export const PAYMENT_MAIL_NAMES = {
  bank_card: { ru: 'Банковская карта', en: 'Bank card', es: 'Tarjeta bancaria' },
  sbp: {
    ru: 'СБП (Система быстрых платежей)',
    en: 'SBP (Faster Payments System)',
    es: 'SBP (Sistema de Pagos Rápidos)',
  },
  sberbank: { ru: 'SberPay', en: 'SberPay', es: 'SberPay' },
  tinkoff_bank: { ru: 'T-Pay', en: 'T-Pay', es: 'T-Pay' },
  sber_bnpl: { ru: 'Плати частями', en: 'Pay in parts', es: 'Pago a plazos' },
  /** A card order whose bank did not say which way it was paid. */
  card: { ru: 'Карта или СБП (ЮKassa)', en: 'Card or SBP (YooKassa)', es: 'Tarjeta o SBP (YooKassa)' },
  paypal: { ru: 'PayPal', en: 'PayPal', es: 'PayPal' },
  cash: { ru: 'Наличными при получении', en: 'Cash on receipt', es: 'Efectivo a la entrega' },
  bank_transfer: { ru: 'Банковский перевод', en: 'Bank transfer', es: 'Transferencia bancaria' },
  gift_certificate: { ru: 'Подарочный сертификат', en: 'Gift certificate', es: 'Certificado regalo' },
} satisfies Record<OnlineMethod | PaymentMethod | 'gift_certificate', Texts>;

/** "day" after a number, as each language agrees it with the larger end of a range. */
const DAY_WORDS: Record<Language, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  ru: { one: 'день', few: 'дня', many: 'дней', other: 'дня' },
  en: { one: 'day', other: 'days' },
  es: { one: 'día', other: 'días' },
};
const PLURALS: Record<Language, Intl.PluralRules> = {
  ru: new Intl.PluralRules('ru'),
  en: new Intl.PluralRules('en'),
  es: new Intl.PluralRules('es'),
};
const dayWord = (count: number, lang: Language) =>
  DAY_WORDS[lang][PLURALS[lang].select(count)] ?? DAY_WORDS[lang].other;

/** An amount in the order's own currency, as the order records it (what the customer saw and paid). */
function money(amount: number, order: Order, lang: Language): string {
  return formatMoney(amount, order.currency as Currency, lang);
}

const L = ORDER_MAIL_TEXTS;

export { orderPageUrl };

/**
 * The order's lines and sums, in the order's currency; zero delivery is "free". Each line with
 * its picture (made absolute against the site's address) and a book's edition. Units given back
 * by a refund of chosen lines are left out of the lines (a line refunded whole is not listed), and
 * the totals say what was refunded and what the order comes to after it.
 */
function summary(order: Order, lang: Language, baseUrl: string): Pick<MailContent, 'items' | 'totals'> {
  const currency = order.currency as Currency;
  const links = siteLinks(baseUrl);
  const items = order.items.flatMap((item) => {
    const units = unitsLeft(item);
    if (units === 0) return [];
    const detail = [
      ...(item.bookFormat ? [BOOK_FORMAT_MAIL_NAMES[item.bookFormat][lang]] : []),
      ...(units > 1
        ? [fillText(L.quantity[lang], { q: units, price: money(item.unitPriceInCurrency, order, lang) })]
        : []),
    ].join(' · ');
    return [
      {
        name: localize(item.name, lang),
        ...(detail ? { detail } : {}),
        amount: money(
          units === item.quantity ? item.lineTotalInCurrency : item.unitPriceInCurrency * units,
          order,
          lang,
        ),
        ...(item.image ? { image: links.to(item.image) } : {}),
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

/**
 * Where and how the order travels: the method, the address (or the pickup point) and how long it
 * takes, in the words the order's page uses (`expectedDelivery`, kept on the order). Nothing when
 * nothing travels.
 */
export function deliveryLines(order: Order, lang: Language): string[] {
  const delivery = order.delivery;
  if (delivery.method === 'none') return [];
  const lines = [`${L.deliveryMethod[lang]}: ${DELIVERY_METHOD_MAIL_NAMES[delivery.method][lang]}`];
  if (delivery.method === 'courier_pickup') {
    const point = delivery.cdek ? `${delivery.cdek.city}, ${delivery.cdek.address}` : delivery.pickupPoint?.trim();
    if (point) lines.push(`${L.pickupPoint[lang]}: ${point}`);
  } else if (delivery.method !== 'pickup') {
    const code = resolveCountry(delivery.country);
    const country = code ? countryName(code, lang) : delivery.country;
    const address = [delivery.postalCode, country, delivery.city, delivery.address]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', ');
    if (address) lines.push(`${L.address[lang]}: ${address}`);
  }
  const days = order.expectedDelivery;
  if (days) {
    const range = days.minDays === days.maxDays ? String(days.minDays) : `${days.minDays}–${days.maxDays}`;
    const text = delivery.method === 'pickup' ? L.readyIn : L.expected;
    lines.push(fillText(text[lang], { range, days: dayWord(days.maxDays, lang) }));
  }
  return lines;
}

/**
 * The way the order is paid, named as precisely as it is known: the online way the bank reported
 * (`paidWith`), a gift certificate when it paid everything, else the method chosen at checkout.
 */
export function paymentName(order: Order, lang: Language, paidWith?: string | null): string {
  const online = (ONLINE_METHODS as readonly string[]).includes(paidWith ?? '')
    ? PAYMENT_MAIL_NAMES[paidWith as OnlineMethod]
    : null;
  const chosen = order.paymentMethod === 'card' && online ? online : PAYMENT_MAIL_NAMES[order.paymentMethod];
  if (order.giftCertificate <= 0) return chosen[lang];
  if (order.amountDue <= 0) return PAYMENT_MAIL_NAMES.gift_certificate[lang];
  return `${PAYMENT_MAIL_NAMES.gift_certificate[lang]} + ${chosen[lang]}`;
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

interface RenderOptions {
  brand?: MailBrand | undefined;
  /** The tracking number, and the carrier's tracking page as the first button. */
  withTracking?: boolean;
  /** Paragraphs after the intro. */
  extra?: string[];
  /** Where and how it travels (`deliveryLines`), after the sums. */
  withDelivery?: boolean;
  /** The way to pay, named (`paymentName`), after the sums. */
  payment?: string | null;
  /** Buttons before "View your order" (paying online). */
  actions?: { label: string; url: string }[];
}

function render(order: Order, subject: string, intro: string, baseUrl: string, options: RenderOptions = {}): OrderMail {
  const lang = order.language;
  const tracking = options.withTracking ? trackingParts(order) : { block: [], action: [] };
  const delivery = options.withDelivery ? deliveryLines(order, lang) : [];
  return renderMail(
    {
      lang,
      subject,
      greeting: fillText(L.hello[lang], { name: order.customer.firstName }),
      blocks: [intro, ...tracking.block, ...(options.extra ?? [])],
      ...summary(order, lang, baseUrl),
      after: [
        ...(delivery.length > 0 ? [delivery] : []),
        ...(options.payment ? [`${L.payment[lang]}: ${options.payment}`] : []),
      ],
      // What the mail is about comes first: paying, or following the parcel; then the order's page.
      actions: [
        ...(options.actions ?? []),
        ...tracking.action,
        { label: L.action[lang], url: orderPageUrl(baseUrl, order.id) },
      ],
    },
    options.brand,
  );
}

/** The status as the mails write it: the web's label, inside a sentence. */
const statusName = (order: Order) => inSentence(ORDER_STATUS_LABELS[order.status][order.language]);

const DATE_TIME: Record<Language, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat(intlLocale('ru'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat(intlLocale('en'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat(intlLocale('es'), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
};
/** The server does not know the customer's time zone: a deadline is given in UTC, and says so. */
const utc = (date: Date, lang: Language) => `${DATE_TIME[lang].format(date)} UTC`;

/** How a cash or bank-transfer order is to be paid (the payments feature writes the instructions). */
export interface OfflinePayment {
  /** What to pay and how: cash on receipt, or the bank details and the reference. */
  instructions: string;
  /** Until when the order waits for the money (its hold); null: no deadline. */
  payBy: Date | null;
  /** The order's payment link valid for days (a transfer in roubles may be paid online instead); null: none. */
  payLink: string | null;
}

/**
 * The one mail of a cash or bank-transfer order when it is placed: it waits for the money, how to
 * pay (and until when; online by its link too, when it has one), what was ordered and where it goes.
 */
export function orderAwaitingPaymentMail(order: Order, baseUrl: string, payment: OfflinePayment): OrderMail {
  const lang = order.language;
  const values = { n: order.number };
  return render(order, fillText(L.awaitingSubject[lang], values), fillText(L.awaitingIntro[lang], values), baseUrl, {
    extra: [
      payment.instructions,
      ...(payment.payBy ? [fillText(L.payBy[lang], { until: utc(payment.payBy, lang) })] : []),
      ...(payment.payLink ? [L.payOnline[lang]] : []),
    ],
    withDelivery: true,
    payment: paymentName(order, lang),
    actions: payment.payLink ? [{ label: L.payOnlineAction[lang], url: payment.payLink }] : [],
  });
}

/**
 * The one mail of a paid (or confirmed) order: what comes next, what was bought, where it goes and
 * how long it takes, and the way it was paid (`paidWith`: the online way the bank reported).
 */
export function orderConfirmedMail(order: Order, baseUrl: string, paidWith?: string | null): OrderMail {
  const lang = order.language;
  const values = { n: order.number };
  const next =
    order.delivery.method === 'none'
      ? L.confirmedAccess
      : order.delivery.method === 'pickup'
        ? L.confirmedPickup
        : L.confirmedShip;
  return render(order, fillText(L.confirmedSubject[lang], values), fillText(L.confirmedIntro[lang], values), baseUrl, {
    extra: [next[lang]],
    withDelivery: true,
    payment: paymentName(order, lang, paidWith),
  });
}

/** Any other status change (in work, delivered, cancelled); a parcel on its way carries its tracking. */
export function orderStatusMail(order: Order, baseUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, status: statusName(order) };
  // A parcel on its way (or arrived) carries its tracking number, when the admin gave one.
  const withTracking = order.status === 'shipped' || order.status === 'delivered';
  return render(order, fillText(L.statusSubject[lang], values), fillText(L.statusIntro[lang], values), baseUrl, {
    withTracking,
  });
}

/** The tracking number given (or corrected) after the order was marked shipped. */
export function orderTrackingMail(order: Order, baseUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number };
  return render(order, fillText(L.trackingSubject[lang], values), fillText(L.trackingIntro[lang], values), baseUrl, {
    withTracking: true,
  });
}

/**
 * The one mail of the ship dialog: the order is on its way with its carrier, the tracking number and
 * the carrier's tracking page (Russian Post, CDEK) as the first button, the admin's note and where
 * it goes. Sent by pickup from the workshop, it says the order is ready to collect (with the shop's
 * phone, when the settings have one).
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
    return render(order, fillText(L.pickupSubject[lang], values), fillText(L.pickupIntro[lang], values), baseUrl, {
      extra: [...(phone ? [fillText(L.pickupPhone[lang], { phone })] : []), ...noteLine],
    });
  }
  const carrier = order.carrier && order.carrier !== 'other' ? SHIP_CARRIER_LABELS[order.carrier][lang] : null;
  const values = { n: order.number, carrier: carrier ?? TRACKING_CARRIER_LABELS.other[lang] };
  return render(order, fillText(L.shippedSubject[lang], values), fillText(L.shippedIntro[lang], values), baseUrl, {
    withTracking: true,
    extra: noteLine,
    withDelivery: true,
  });
}

/** An unpaid order cancelled by the expiry sweeper; `heldUntil` is the deadline it missed. */
export function orderExpiredMail(order: Order, heldUntil: Date, baseUrl: string): OrderMail {
  const lang = order.language;
  const values = { n: order.number, until: utc(heldUntil, lang) };
  return render(order, fillText(L.expiredSubject[lang], values), fillText(L.expiredIntro[lang], values), baseUrl);
}
