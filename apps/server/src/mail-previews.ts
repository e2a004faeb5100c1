/**
 * The admin's mail preview: every kind of mail the shop sends, to a customer or to the owner, drawn
 * by the feature's own mail
 * function with sample data, then through the layout with the shop's settings exactly as
 * `enqueueMail` does before a mail is queued. Composition-level: it reads the
 * mail functions of every feature and belongs to none.
 */
import {
  formatMoney,
  type Language,
  MAIL_PREVIEW_KINDS,
  type MailPreview,
  type MailPreviewKind,
  type Order,
} from '@atelier/shared';
import { mailPreviewsContract } from '@atelier/shared/mail-previews.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import {
  passwordChangedMail,
  registrationAttemptMail,
  resetPasswordMail,
  verificationMail,
} from './features/auth/auth.mail';
import { cartReminderMail } from './features/cart/cart.mail';
import { parcelNotDeliveredMail, parcelReadyMail } from './features/cdek/cdek.mail';
import { adminMail, customerMail } from './features/custom-orders/custom-orders.mail';
import { buyerMail, recipientMail } from './features/gift-certificates/gift-certificates.mail';
import {
  digestNotice,
  expiringOrderNotice,
  paidOrderNotice,
  toMail,
} from './features/notifications/notifications.texts';
import {
  orderAwaitingPaymentMail,
  orderConfirmedMail,
  orderExpiredMail,
  orderPageUrl,
  orderShippedMail,
  orderStatusMail,
  orderTrackingMail,
} from './features/orders/orders.mail';
import {
  downloadsMail,
  duplicateRefundedMail,
  linesRefundedMail,
  payLinkMail,
  paymentAlertMail,
  paymentInstructions,
  paypalInvoiceMail,
  paypalRequestAdminMail,
} from './features/payments/payments.texts';
import { backInStockMail, stockAlertConfirmMail } from './features/stock-alerts/stock-alerts.mail';
import { ok } from './platform/http/envelope';
import { route } from './platform/http/route';
import { shopReplyTo } from './platform/mail/brand';
import { type MailBrand, type RenderedMail, renderMail } from './platform/mail/layout';

const SAMPLE_ORDER_ID = '7d3f0c4e-2b1a-4c5d-9e8f-0a1b2c3d4e5f';
const SAMPLE_EMAIL = 'anna@example.com';
/** Where the owner's own mails go in the samples. */
const OWNER_EMAIL = 'studio@example.com';

/** A line's picture in the samples: a file every shop serves (the samples' products do not exist). */
const SAMPLE_PICTURE = '/favicon.svg';

const NAMES: Record<Language, string> = { ru: 'Анна', en: 'Anna', es: 'Ana' };

/** A paid order of two products with free pickup, in the currency a customer of that language would pick. */
function sampleOrder(lang: Language, patch: Partial<Order> = {}): Order {
  const currency = lang === 'ru' ? 'RUB' : 'EUR';
  const rate = 100;
  const inCurrency = (rub: number) => (currency === 'RUB' ? rub : rub / rate);
  const items: Order['items'] = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      type: 'product',
      refId: '22222222-2222-4222-8222-222222222222',
      variantId: null,
      name: { ru: 'Букет «Пионы в росе»', en: 'Bouquet “Peonies in dew”', es: 'Ramo «Peonías con rocío»' },
      bookFormat: null,
      image: SAMPLE_PICTURE,
      unitPrice: 4500,
      quantity: 1,
      lineTotal: 4500,
      unitPriceInCurrency: inCurrency(4500),
      lineTotalInCurrency: inCurrency(4500),
      refundedQuantity: 0,
      refunded: 0,
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      type: 'product',
      refId: '44444444-4444-4444-8444-444444444444',
      variantId: null,
      name: { ru: 'Цветы из шёлка. Книга', en: 'Silk flowers. The book', es: 'Flores de seda. El libro' },
      bookFormat: 'physical',
      image: SAMPLE_PICTURE,
      unitPrice: 350,
      quantity: 2,
      lineTotal: 700,
      unitPriceInCurrency: inCurrency(350),
      lineTotalInCurrency: inCurrency(700),
      refundedQuantity: 0,
      refunded: 0,
    },
  ];
  const order: Order = {
    id: SAMPLE_ORDER_ID,
    number: 1042,
    userId: null,
    status: 'confirmed',
    paymentMethod: currency === 'RUB' ? 'card' : 'paypal',
    paymentState: 'paid',
    items,
    itemCount: 3,
    customer: { firstName: NAMES[lang], lastName: 'Petrova', email: SAMPLE_EMAIL, phone: '+7 900 000-00-00' },
    delivery: { method: 'pickup' },
    subtotal: 5200,
    discount: 0,
    deliveryCost: 0,
    total: 5200,
    currency,
    totalInCurrency: currency === 'RUB' ? 5200 : 52,
    subtotalInCurrency: 0,
    discountInCurrency: 0,
    deliveryCostInCurrency: 0,
    expectedDelivery: { minDays: 1, maxDays: 2 },
    giftCertificate: 0,
    amountDue: currency === 'RUB' ? 5200 : 52,
    refundedTotal: 0,
    refundedTotalInCurrency: 0,
    netTotal: 5200,
    netTotalInCurrency: currency === 'RUB' ? 5200 : 52,
    exchangeRates: { RUB: 1, [currency]: currency === 'RUB' ? 1 : rate },
    language: lang,
    comment: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    holdUntil: null,
    tracking: null,
    ...patch,
  };
  // The sample's figures in its currency follow its rouble ones (the shop's rate), patched or not.
  return {
    ...order,
    items: order.items.map((item) => ({
      ...item,
      unitPriceInCurrency: inCurrency(item.unitPrice),
      lineTotalInCurrency: inCurrency(item.lineTotal),
    })),
    subtotalInCurrency: inCurrency(order.subtotal),
    discountInCurrency: inCurrency(order.discount),
    deliveryCostInCurrency: inCurrency(order.deliveryCost),
  };
}

/** A parcel by Russian Post to an address in Kazan. */
const BY_POST: Order['delivery'] = {
  method: 'post',
  country: 'Россия',
  city: 'Казань',
  address: 'ул. Баумана, 1',
  postalCode: '420111',
};

const LESSON_ORDER_ITEMS: Order['items'] = [
  {
    id: '55555555-5555-4555-8555-555555555555',
    type: 'lesson',
    refId: '66666666-6666-4666-8666-666666666666',
    variantId: null,
    name: { ru: 'Урок: роза из шёлка', en: 'Lesson: a silk rose', es: 'Clase: una rosa de seda' },
    bookFormat: null,
    unitPrice: 1900,
    quantity: 1,
    lineTotal: 1900,
    unitPriceInCurrency: 1900,
    lineTotalInCurrency: 1900,
    refundedQuantity: 0,
    refunded: 0,
  },
];

const SAMPLE_NOTE: Record<Language, string> = {
  ru: 'Положила в посылку образец ленты в подарок.',
  en: 'I put a ribbon sample in the parcel as a gift.',
  es: 'He puesto una muestra de cinta de regalo en el paquete.',
};
const SAMPLE_PICKUP_NOTE: Record<Language, string> = {
  ru: 'Мастерская открыта по будням с 11:00 до 19:00.',
  en: 'The workshop is open on weekdays from 11:00 to 19:00.',
  es: 'El taller abre de lunes a viernes de 11:00 a 19:00.',
};

type Sample = (lang: Language, site: string) => RenderedMail;

const to = SAMPLE_EMAIL;

const SAMPLES: Record<MailPreviewKind, Sample> = {
  verification: (lang, site) =>
    verificationMail({ to, name: NAMES[lang], code: '482913', link: `${site}/api/auth/verify-email/sample`, lang }),
  registration_attempt: (lang, site) =>
    registrationAttemptMail({ to, name: NAMES[lang], resetLink: `${site}/forgot-password`, lang }),
  password_reset: (lang, site) =>
    resetPasswordMail({ to, name: NAMES[lang], link: `${site}/reset-password/sample`, lang }),
  password_changed: (lang, site) =>
    passwordChangedMail({ to, name: NAMES[lang], resetLink: `${site}/forgot-password`, lang }),
  order_awaiting_payment: (lang, site) =>
    orderAwaitingPaymentMail(
      sampleOrder(lang, {
        status: 'pending',
        paymentState: 'none',
        paymentMethod: 'bank_transfer',
        delivery: BY_POST,
        expectedDelivery: { minDays: 3, maxDays: 7 },
        deliveryCost: 300,
        total: 5500,
        totalInCurrency: lang === 'ru' ? 5500 : 55,
        amountDue: lang === 'ru' ? 5500 : 55,
      }),
      site,
      {
        instructions: paymentInstructions('bank_transfer', lang, {
          number: 1042,
          total: formatMoney(lang === 'ru' ? 5500 : 55, lang === 'ru' ? 'RUB' : 'EUR', lang),
          bankDetails: null,
        }),
        payBy: new Date('2026-11-25T10:00:00Z'),
        payLink: lang === 'ru' ? `${site}/pay/sample` : null,
      },
    ),
  order_paid: (lang, site) =>
    orderConfirmedMail(
      sampleOrder(lang, { delivery: BY_POST, expectedDelivery: { minDays: 3, maxDays: 7 } }),
      site,
      lang === 'ru' ? 'sbp' : null,
    ),
  order_lessons_paid: (lang, site) =>
    orderConfirmedMail(
      sampleOrder(lang, {
        items: LESSON_ORDER_ITEMS,
        itemCount: 1,
        delivery: { method: 'none' },
        expectedDelivery: null,
        subtotal: 1900,
        total: 1900,
        totalInCurrency: lang === 'ru' ? 1900 : 19,
        amountDue: lang === 'ru' ? 1900 : 19,
      }),
      site,
      'bank_card',
    ),
  order_processing: (lang, site) => orderStatusMail(sampleOrder(lang, { status: 'processing' }), site),
  order_shipped: (lang, site) =>
    orderShippedMail(
      sampleOrder(lang, {
        status: 'shipped',
        delivery: BY_POST,
        expectedDelivery: { minDays: 3, maxDays: 7 },
        tracking: { carrier: 'russian_post', number: 'RA123456789RU' },
        carrier: 'russian_post',
      }),
      SAMPLE_NOTE[lang],
      site,
    ),
  order_ready_pickup: (lang, site) =>
    orderShippedMail(sampleOrder(lang, { status: 'shipped', carrier: 'pickup' }), SAMPLE_PICKUP_NOTE[lang], site, {
      phone: '+7 900 000-00-00',
    }),
  order_tracking: (lang, site) =>
    orderTrackingMail(
      sampleOrder(lang, {
        status: 'shipped',
        delivery: BY_POST,
        tracking: { carrier: 'russian_post', number: 'RA123456789RU' },
      }),
      site,
    ),
  order_delivered: (lang, site) =>
    orderStatusMail(
      sampleOrder(lang, {
        status: 'delivered',
        delivery: BY_POST,
        tracking: { carrier: 'russian_post', number: 'RA123456789RU' },
      }),
      site,
    ),
  order_cancelled: (lang, site) => orderStatusMail(sampleOrder(lang, { status: 'cancelled' }), site),
  order_expired: (lang, site) =>
    orderExpiredMail(
      sampleOrder(lang, { status: 'cancelled', paymentState: 'none' }),
      new Date('2026-11-23T10:00:00Z'),
      site,
    ),
  parcel_ready: (lang, site) =>
    parcelReadyMail({
      number: 1042,
      language: lang,
      firstName: NAMES[lang],
      cdekNumber: '1234567890',
      point: { type: 'PVZ', address: 'Казань, ул. Баумана, 58', workTime: 'Пн-Пт 10:00-20:00' },
      orderUrl: orderPageUrl(site, SAMPLE_ORDER_ID),
    }),
  parcel_not_delivered: (lang, site) =>
    parcelNotDeliveredMail({
      number: 1042,
      language: lang,
      firstName: NAMES[lang],
      cdekNumber: '1234567890',
      point: { type: 'PVZ', address: 'Казань, ул. Баумана, 58', workTime: 'Пн-Пт 10:00-20:00' },
      orderUrl: orderPageUrl(site, SAMPLE_ORDER_ID),
    }),
  payment_refunded_twice: (lang) =>
    duplicateRefundedMail(to, lang, { number: 1042, amount: lang === 'ru' ? '5 200 ₽' : '5,200 ₽' }),
  payment_lines_refunded: (lang, site) =>
    linesRefundedMail(to, lang, {
      name: NAMES[lang],
      number: 1042,
      orderUrl: orderPageUrl(site, SAMPLE_ORDER_ID),
      amount: lang === 'ru' ? '2 400 ₽' : '2,400 ₽',
      lines: [
        {
          name: lang === 'ru' ? 'Букет «Пионы»' : 'Peony bouquet',
          quantity: 1,
          amount: lang === 'ru' ? '2 400 ₽' : '2,400 ₽',
        },
      ],
      all: false,
    }),
  pay_link: (lang, site) =>
    payLinkMail(to, lang, {
      number: 1042,
      total: lang === 'ru' ? '5 200 ₽' : '5,200 ₽',
      url: `${site}/pay/sample`,
      until: new Date('2025-06-08T12:00:00Z'),
      transfer: true,
    }),
  paypal_invoice: (lang) =>
    paypalInvoiceMail(to, lang, {
      number: 1042,
      total: '€52',
      url: 'https://www.paypal.com/invoice/p/#SAMPLE',
    }),
  downloads: (lang, site) =>
    downloadsMail(to, lang, {
      number: 1042,
      days: 7,
      uses: 5,
      books: [
        {
          name: { ru: 'Цветы из шёлка. Книга', en: 'Silk flowers. The book', es: 'Flores de seda. El libro' }[lang],
          url: `${site}/api/downloads/sample`,
        },
      ],
    }),
  gift_recipient: (lang, site) =>
    recipientMail({
      to,
      lang,
      recipientName: NAMES[lang],
      senderName: { ru: 'Мария', en: 'Mary', es: 'María' }[lang],
      message: { ru: 'С днём рождения!', en: 'Happy birthday!', es: '¡Feliz cumpleaños!' }[lang],
      code: 'ABCD2345EFGH6789',
      amountMinor: lang === 'ru' ? 500_000 : 5_000,
      currency: lang === 'ru' ? 'RUB' : 'EUR',
      shopUrl: `${site}/shop`,
      pdf: Buffer.from(''),
    }),
  gift_buyer: (lang, site) =>
    buyerMail({
      to,
      lang,
      buyerName: NAMES[lang],
      recipientName: { ru: 'Мария', en: 'Mary', es: 'María' }[lang],
      recipientEmail: 'maria@example.com',
      amountMinor: lang === 'ru' ? 500_000 : 5_000,
      currency: lang === 'ru' ? 'RUB' : 'EUR',
      deliveryDate: '2026-12-24',
      accountUrl: `${site}/account/gift-certificates`,
      orderNumber: 1042,
    }),
  stock_alert_confirm: (lang, site) =>
    stockAlertConfirmMail({
      to,
      lang,
      product: { ru: 'Букет «Пионы в росе»', en: 'Bouquet “Peonies in dew”', es: 'Ramo «Peonías con rocío»' },
      link: `${site}/api/stock-alerts/confirm/sample`,
      hours: 48,
    }),
  back_in_stock: (lang, site) =>
    backInStockMail({
      to,
      lang,
      product: { ru: 'Букет «Пионы в росе»', en: 'Bouquet “Peonies in dew”', es: 'Ramo «Peonías con rocío»' },
      productUrl: `${site}/shop?product=22222222-2222-4222-8222-222222222222`,
      unsubscribeUrl: `${site}/api/stock-alerts/unsubscribe/sample`,
    }),
  cart_reminder: (lang, site) =>
    cartReminderMail({
      to,
      name: NAMES[lang],
      lang,
      lines: [
        {
          name: { ru: 'Букет «Пионы в росе»', en: 'Bouquet “Peonies in dew”', es: 'Ramo «Peonías con rocío»' },
          quantity: 1,
        },
        { name: { ru: 'Шёлковая лента', en: 'Silk ribbon', es: 'Cinta de seda' }, quantity: 2 },
      ],
      cartUrl: `${site}/cart`,
      accountUrl: `${site}/account`,
    }),
  custom_quote: (lang, site) =>
    customerMail({
      to,
      lang,
      number: 17,
      url: `${site}/account/custom-orders/sample`,
      name: NAMES[lang],
      kind: 'quote',
      priceMinor: 1_200_000,
      currency: 'RUB',
      depositPercent: 30,
      depositMinor: 360_000,
      balanceMinor: 840_000,
      dueDate: '2026-12-20',
      message: { ru: 'Сделаю в ваших цветах.', en: 'I will make it in your colours.', es: 'Lo haré en sus colores.' }[
        lang
      ],
    }),
  custom_paid: (lang, site) =>
    customerMail({
      to,
      lang,
      number: 17,
      url: `${site}/account/custom-orders/sample`,
      name: NAMES[lang],
      kind: 'paid',
      part: 'deposit',
      amountMinor: 360_000,
      currency: 'RUB',
    }),
  custom_in_work: (lang, site) =>
    customerMail({
      to,
      lang,
      number: 17,
      url: `${site}/account/custom-orders/sample`,
      name: NAMES[lang],
      kind: 'in_work',
    }),
  custom_done: (lang, site) =>
    customerMail({
      to,
      lang,
      number: 17,
      url: `${site}/account/custom-orders/sample`,
      name: NAMES[lang],
      kind: 'done',
    }),
  custom_declined: (lang, site) =>
    customerMail({
      to,
      lang,
      number: 17,
      url: `${site}/account/custom-orders/sample`,
      name: NAMES[lang],
      kind: 'declined',
      note: null,
    }),
  owner_paid_order: (lang, site) =>
    toMail(
      OWNER_EMAIL,
      lang,
      paidOrderNotice(lang, {
        number: 1042,
        totalRub: 5200,
        email: SAMPLE_EMAIL,
        url: `${site}/admin/orders/${SAMPLE_ORDER_ID}`,
      }),
    ),
  owner_expiring_order: (lang, site) =>
    toMail(
      OWNER_EMAIL,
      lang,
      expiringOrderNotice(lang, {
        number: 1042,
        totalRub: 5200,
        email: SAMPLE_EMAIL,
        at: new Intl.DateTimeFormat(lang, { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(
          new Date('2026-11-23T10:00:00Z'),
        ),
        url: `${site}/admin/orders/${SAMPLE_ORDER_ID}`,
      }),
    ),
  owner_paypal_request: (lang, site) =>
    paypalRequestAdminMail(OWNER_EMAIL, lang, {
      number: 1042,
      total: '€52',
      paypalEmail: SAMPLE_EMAIL,
      url: `${site}/admin/orders/${SAMPLE_ORDER_ID}`,
    }),
  owner_payment_alert: (lang, site) =>
    paymentAlertMail(OWNER_EMAIL, lang, 'order_cancelled', {
      number: 1042,
      provider: 'yookassa',
      status: 'cancelled',
      got: lang === 'ru' ? '5 200 ₽' : '5,200 ₽',
      expected: lang === 'ru' ? '5 200 ₽' : '5,200 ₽',
      url: `${site}/admin`,
    }),
  owner_paid_twice: (lang, site) =>
    paymentAlertMail(OWNER_EMAIL, lang, 'order_not_pending_refunding', {
      number: 1042,
      provider: 'yookassa',
      status: 'confirmed',
      got: lang === 'ru' ? '5 200 ₽' : '5,200 ₽',
      expected: lang === 'ru' ? '5 200 ₽' : '5,200 ₽',
      url: `${site}/admin`,
    }),
  owner_daily_digest: (lang, site) =>
    toMail(
      OWNER_EMAIL,
      lang,
      digestNotice(
        lang,
        {
          // The day as the digest names it (the shop's local date).
          date: '2026-11-20',
          placed: 4,
          paid: 3,
          revenueRub: 12_400,
          expiring: 1,
          toShip: 2,
          reviews: 1,
          studentWorks: 0,
          paypal: 0,
          alerts: 0,
        },
        `${site}/admin`,
      ),
    ),
  owner_custom_new: (lang, site) =>
    adminMail({
      to: OWNER_EMAIL,
      lang,
      number: 17,
      url: `${site}/admin/custom-orders/sample`,
      customerName: NAMES[lang],
      kind: 'new',
      customerEmail: SAMPLE_EMAIL,
      occasion: { ru: 'Свадьба', en: 'Wedding', es: 'Boda' }[lang],
      dateNeeded: '2026-12-20',
      colours: { ru: 'пудровый, айвори', en: 'powder pink, ivory', es: 'rosa empolvado, marfil' }[lang],
      budget: { minor: 1_500_000, currency: 'RUB' },
      description: {
        ru: 'Букет невесты из пионов и бутоньерка для жениха.',
        en: 'A bridal bouquet of peonies and a buttonhole for the groom.',
        es: 'Un ramo de novia de peonías y un prendido para el novio.',
      }[lang],
      photos: 2,
    }),
  owner_custom_accepted: (lang, site) =>
    adminMail({
      to: OWNER_EMAIL,
      lang,
      number: 17,
      url: `${site}/admin/custom-orders/sample`,
      customerName: NAMES[lang],
      kind: 'accepted',
      priceMinor: 1_200_000,
      currency: 'RUB',
    }),
  owner_custom_declined: (lang, site) =>
    adminMail({
      to: OWNER_EMAIL,
      lang,
      number: 17,
      url: `${site}/admin/custom-orders/sample`,
      customerName: NAMES[lang],
      kind: 'declined',
      note: { ru: 'Дороговато для меня.', en: 'A bit too expensive for me.', es: 'Un poco caro para mí.' }[lang],
    }),
  owner_custom_paid: (lang, site) =>
    adminMail({
      to: OWNER_EMAIL,
      lang,
      number: 17,
      url: `${site}/admin/custom-orders/sample`,
      customerName: NAMES[lang],
      kind: 'paid',
      part: 'deposit',
      amountMinor: 360_000,
      currency: 'RUB',
    }),
};

/** One kind drawn in one language, as `enqueueMail` would queue it with `brand`. */
export function previewMail(kind: MailPreviewKind, lang: Language, site: string, brand: MailBrand): MailPreview {
  const mail = SAMPLES[kind](lang, site.replace(/\/+$/, ''));
  const drawn = mail.content ? renderMail(mail.content, brand) : mail;
  return {
    kind,
    lang,
    subject: drawn.subject,
    html: drawn.html ?? '',
    text: drawn.text,
    replyTo: brand.replyTo,
  };
}

export const MAIL_KINDS = MAIL_PREVIEW_KINDS;

export interface MailPreviewRoutesOptions {
  db: Db;
  publicUrl: string;
}

/** `GET /api/admin/mail-previews/:kind?lang=`: admin only. */
export const mailPreviewRoutes: FastifyPluginAsync<MailPreviewRoutesOptions> = async (app, { db, publicUrl }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  route(api, mailPreviewsContract.preview, async (request) => {
    const replyTo = await shopReplyTo(db);
    return ok(previewMail(request.params.kind, request.query.lang, publicUrl, { replyTo }));
  });
};
