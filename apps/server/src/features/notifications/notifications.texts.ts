/**
 * The owner's notices in her language (ru by default, switchable in the admin). Each notice is a
 * mail (the one mail layout) and the same words as a Telegram message.
 */
import { fillText as fill, formatMoney, type Language, type Texts } from '@atelier/shared';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

export const NOTICE_TEXTS = {
  paidSubject: { ru: 'Оплачен заказ №{n}', en: 'Order #{n} paid', es: 'Pedido n.º {n} pagado' },
  paidText: {
    ru: 'Заказ №{n} на сумму {total} оплачен или подтверждён. Покупатель: {email}.',
    en: 'Order #{n} for {total} is paid or confirmed. Customer: {email}.',
    es: 'El pedido n.º {n} por {total} está pagado o confirmado. Cliente: {email}.',
  },
  expiringSubject: {
    ru: 'Заказ №{n} скоро будет отменён',
    en: 'Order #{n} will be cancelled soon',
    es: 'El pedido n.º {n} se cancelará pronto',
  },
  expiringText: {
    ru: 'Заказ №{n} на сумму {total} не оплачен и будет автоматически отменён {at} (время магазина). Покупатель: {email}.',
    en: 'Order #{n} for {total} is unpaid and will be cancelled automatically at {at} (shop time). Customer: {email}.',
    es: 'El pedido n.º {n} por {total} no está pagado y se cancelará automáticamente el {at} (hora de la tienda). Cliente: {email}.',
  },
  orderLabel: { ru: 'Открыть заказ', en: 'Open the order', es: 'Abrir el pedido' },
  digestSubject: { ru: 'Сводка за {date}', en: 'Summary for {date}', es: 'Resumen del {date}' },
  digestOrders: {
    ru: 'Заказов оформлено: {placed}. Оплачено: {paid} на сумму {revenue}.',
    en: 'Orders placed: {placed}. Paid: {paid}, revenue {revenue}.',
    es: 'Pedidos realizados: {placed}. Pagados: {paid}, ingresos {revenue}.',
  },
  digestActionHead: { ru: 'Требует внимания:', en: 'Needs your attention:', es: 'Requiere atención:' },
  digestNothing: {
    ru: 'Ничего не требует внимания.',
    en: 'Nothing needs your attention.',
    es: 'Nada requiere atención.',
  },
  expiring: {
    ru: 'неоплаченные заказы скоро отменятся',
    en: 'unpaid orders about to expire',
    es: 'pedidos sin pagar a punto de caducar',
  },
  toShip: { ru: 'заказы к отправке', en: 'orders to ship', es: 'pedidos por enviar' },
  reviews: { ru: 'отзывы на модерации', en: 'reviews to moderate', es: 'reseñas por moderar' },
  studentWorks: {
    ru: 'работы учеников на модерации',
    en: 'students’ works to moderate',
    es: 'trabajos de alumnos por moderar',
  },
  paypal: { ru: 'запросы счёта PayPal', en: 'PayPal invoice requests', es: 'solicitudes de factura PayPal' },
  alerts: { ru: 'предупреждения об оплате', en: 'payment alerts', es: 'alertas de pago' },
  dashboardLabel: { ru: 'Открыть панель управления', en: 'Open the dashboard', es: 'Abrir el panel' },
} satisfies Record<string, Texts>;

/** A notice: what the mail and the Telegram message say. */
export interface NoticeContent {
  subject: string;
  lines: string[];
  link: { label: string; url: string };
}

export function toMail(to: string, lang: Language, content: NoticeContent): MailMessage {
  return {
    to,
    ...renderMail({ lang, subject: content.subject, blocks: [content.lines], actions: [content.link] }),
  };
}

const rub = (rubles: number, lang: Language) => formatMoney(rubles, 'RUB', lang);

export function paidOrderNotice(
  lang: Language,
  vars: { number: number; totalRub: number; email: string; url: string },
): NoticeContent {
  return {
    subject: fill(NOTICE_TEXTS.paidSubject[lang], { n: vars.number }),
    lines: [fill(NOTICE_TEXTS.paidText[lang], { n: vars.number, total: rub(vars.totalRub, lang), email: vars.email })],
    link: { label: NOTICE_TEXTS.orderLabel[lang], url: vars.url },
  };
}

export function expiringOrderNotice(
  lang: Language,
  vars: { number: number; totalRub: number; email: string; at: string; url: string },
): NoticeContent {
  return {
    subject: fill(NOTICE_TEXTS.expiringSubject[lang], { n: vars.number }),
    lines: [
      fill(NOTICE_TEXTS.expiringText[lang], {
        n: vars.number,
        total: rub(vars.totalRub, lang),
        email: vars.email,
        at: vars.at,
      }),
    ],
    link: { label: NOTICE_TEXTS.orderLabel[lang], url: vars.url },
  };
}

export interface DigestFigures {
  date: string;
  placed: number;
  paid: number;
  revenueRub: number;
  expiring: number;
  toShip: number;
  reviews: number;
  studentWorks: number;
  paypal: number;
  alerts: number;
}

export function digestNotice(lang: Language, figures: DigestFigures, url: string): NoticeContent {
  const actions = (['expiring', 'toShip', 'reviews', 'studentWorks', 'paypal', 'alerts'] as const)
    .filter((key) => figures[key] > 0)
    .map((key) => `• ${NOTICE_TEXTS[key][lang]}: ${figures[key]}`);
  return {
    subject: fill(NOTICE_TEXTS.digestSubject[lang], { date: figures.date }),
    lines: [
      fill(NOTICE_TEXTS.digestOrders[lang], {
        placed: figures.placed,
        paid: figures.paid,
        revenue: rub(figures.revenueRub, lang),
      }),
      ...(actions.length > 0 ? [NOTICE_TEXTS.digestActionHead[lang], ...actions] : [NOTICE_TEXTS.digestNothing[lang]]),
    ],
    link: { label: NOTICE_TEXTS.dashboardLabel[lang], url },
  };
}
