/**
 * The owner's notices in her language (ru by default, switchable in the admin). Each notice is a
 * mail (subject + text + simple HTML) and the same words as a Telegram message.
 */
import { formatMoney, type Language } from '@atelier/shared';
import type { MailMessage } from '../../platform/mail/mail';

type Texts = Record<Language, string>;

const T = {
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
  paypal: { ru: 'запросы счёта PayPal', en: 'PayPal invoice requests', es: 'solicitudes de factura PayPal' },
  alerts: { ru: 'предупреждения об оплате', en: 'payment alerts', es: 'alertas de pago' },
  dashboardLabel: { ru: 'Открыть панель управления', en: 'Open the dashboard', es: 'Abrir el panel' },
} satisfies Record<string, Texts>;

function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A notice: what the mail and the Telegram message say. */
export interface NoticeContent {
  subject: string;
  lines: string[];
  link: { label: string; url: string };
}

export function toMail(to: string, lang: Language, content: NoticeContent): MailMessage {
  const text = [...content.lines, '', `${content.link.label}: ${content.link.url}`, '', '— Atelier'].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#3b2f2f;padding:16px">
${content.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.label)}</a></p>
</body></html>`;
  return { to, subject: content.subject, text, html };
}

export function toTelegram(content: NoticeContent): string {
  return [content.subject, '', ...content.lines, '', content.link.url].join('\n');
}

const rub = (rubles: number, lang: Language) => formatMoney(rubles, 'RUB', lang);

export function paidOrderNotice(
  lang: Language,
  vars: { number: number; totalRub: number; email: string; url: string },
): NoticeContent {
  return {
    subject: fill(T.paidSubject[lang], { n: vars.number }),
    lines: [fill(T.paidText[lang], { n: vars.number, total: rub(vars.totalRub, lang), email: vars.email })],
    link: { label: T.orderLabel[lang], url: vars.url },
  };
}

export function expiringOrderNotice(
  lang: Language,
  vars: { number: number; totalRub: number; email: string; at: string; url: string },
): NoticeContent {
  return {
    subject: fill(T.expiringSubject[lang], { n: vars.number }),
    lines: [
      fill(T.expiringText[lang], { n: vars.number, total: rub(vars.totalRub, lang), email: vars.email, at: vars.at }),
    ],
    link: { label: T.orderLabel[lang], url: vars.url },
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
  paypal: number;
  alerts: number;
}

export function digestNotice(lang: Language, figures: DigestFigures, url: string): NoticeContent {
  const actions = (['expiring', 'toShip', 'reviews', 'paypal', 'alerts'] as const)
    .filter((key) => figures[key] > 0)
    .map((key) => `• ${T[key][lang]}: ${figures[key]}`);
  return {
    subject: fill(T.digestSubject[lang], { date: figures.date }),
    lines: [
      fill(T.digestOrders[lang], {
        placed: figures.placed,
        paid: figures.paid,
        revenue: rub(figures.revenueRub, lang),
      }),
      ...(actions.length > 0 ? [T.digestActionHead[lang], ...actions] : [T.digestNothing[lang]]),
    ],
    link: { label: T.dashboardLabel[lang], url },
  };
}
