/**
 * Customer-facing texts of payments: the sandbox page, cash / bank transfer instructions and the
 * mails (sandbox PayPal link, download links), in ru, en and es. Pure functions.
 */
import {
  fillText as fill,
  inSentence,
  type Language,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type Texts,
} from '@atelier/shared';
import qrcode from 'qrcode-generator';
import { escapeHtml } from '../../platform/http/html';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

const SITE = 'Atelier';

export const SANDBOX_TEXTS = {
  title: { ru: 'Тестовая оплата', en: 'Sandbox payment', es: 'Pago de prueba' },
  note: {
    ru: 'Это учебная платёжная страница магазина: деньги не списываются.',
    en: 'This is the shop’s sandbox payment page: no money is charged.',
    es: 'Esta es la página de pago de prueba de la tienda: no se cobra dinero.',
  },
  order: { ru: 'Заказ №{n}', en: 'Order #{n}', es: 'Pedido n.º {n}' },
  amount: { ru: 'Сумма к оплате', en: 'Amount to pay', es: 'Importe a pagar' },
  pay: { ru: 'Оплатить', en: 'Pay', es: 'Pagar' },
  cancel: { ru: 'Отменить', en: 'Cancel', es: 'Cancelar' },
  fail: { ru: 'Симулировать ошибку', en: 'Simulate a failure', es: 'Simular un error' },
  finished: {
    ru: 'Этот платёж уже завершён.',
    en: 'This payment is already finished.',
    es: 'Este pago ya ha finalizado.',
  },
  back: { ru: 'Вернуться в магазин', en: 'Back to the shop', es: 'Volver a la tienda' },
  qrNote: {
    ru: 'Наведите камеру телефона на QR-код, чтобы открыть эту страницу на телефоне, или нажмите «Оплатить».',
    en: 'Point your phone’s camera at the QR code to open this page on the phone, or press “Pay”.',
    es: 'Apunte la cámara del teléfono al código QR para abrir esta página en el teléfono, o pulse «Pagar».',
  },
  qrLabel: {
    ru: 'QR-код этой страницы оплаты',
    en: 'QR code of this payment page',
    es: 'Código QR de esta página de pago',
  },
} satisfies Record<string, Texts>;

/** The way to pay in the sandbox page's title, as its bank's page would name it. */
const SANDBOX_METHOD_NAMES: Record<string, Texts> = {
  bank_card: { ru: 'Банковская карта', en: 'Bank card', es: 'Tarjeta bancaria' },
  sbp: { ru: 'СБП', en: 'SBP (Fast Payment System)', es: 'SBP (Sistema de Pagos Rápidos)' },
  sberbank: { ru: 'SberPay', en: 'SberPay', es: 'SberPay' },
  tinkoff_bank: { ru: 'T-Pay', en: 'T-Pay', es: 'T-Pay' },
  sber_bnpl: { ru: 'Плати частями', en: 'Pay in parts', es: 'Pago a plazos' },
  paypal: { ru: 'PayPal', en: 'PayPal', es: 'PayPal' },
};

/** A QR code as an inline SVG (drawn here: no network, no script). */
function qrSvg(text: string, label: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr
    .createSvgTag({ cellSize: 4, margin: 4, scalable: true })
    .replace('<svg ', `<svg role="img" aria-label="${escapeHtml(label)}" style="width:200px;height:200px" `);
}

export function sandboxPage(options: {
  lang: Language;
  orderNumber: number;
  amount: string;
  actionBase: string;
  signature: string;
  finished: boolean;
  homeUrl: string;
  /** Where the shop asked the buyer to come back (a site path), sent with every button. */
  returnPath?: string | undefined;
  /** The way to pay chosen (its name heads the page); SBP shows the page's own QR code too. */
  method?: string | null;
  /** This page's address, for its QR code. */
  pageUrl?: string;
}): string {
  const t = (k: keyof typeof SANDBOX_TEXTS) => escapeHtml(SANDBOX_TEXTS[k][options.lang]);
  const methodName = options.method ? SANDBOX_METHOD_NAMES[options.method]?.[options.lang] : undefined;
  const title = methodName ? `${escapeHtml(methodName)} — ${t('title')}` : t('title');
  const qr =
    options.method === 'sbp' && options.pageUrl && !options.finished
      ? `<div style="display:flex;flex-direction:column;align-items:center;gap:8px;margin:0 0 20px">${qrSvg(options.pageUrl, SANDBOX_TEXTS.qrLabel[options.lang])}<p style="margin:0;color:#4b5563;font-size:14px;text-align:center">${t('qrNote')}</p></div>`
      : '';
  const button = (action: string, label: string, style: string) =>
    `<form method="post" action="${escapeHtml(`${options.actionBase}/${action}`)}"><input type="hidden" name="signature" value="${escapeHtml(options.signature)}">${options.returnPath ? `<input type="hidden" name="return" value="${escapeHtml(options.returnPath)}">` : ''}<button type="submit" style="${style}">${label}</button></form>`;
  const base =
    'width:100%;min-height:44px;border-radius:8px;font:600 16px system-ui,sans-serif;cursor:pointer;padding:10px 16px;';
  return `<!doctype html>
<html lang="${options.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} — ${SITE}</title>
<style>button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}</style></head>
<body style="margin:0;background:#f3f4f6;font-family:system-ui,sans-serif;color:#111827">
<main style="max-width:420px;margin:40px auto;padding:0 16px">
<div style="background:#fff;border-radius:16px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.08)">
<h1 style="font-size:24px;margin:0 0 8px">${title}</h1>
<p style="margin:0 0 20px;color:#4b5563">${t('note')}</p>
<p style="margin:0 0 4px;font-weight:600">${escapeHtml(fill(SANDBOX_TEXTS.order[options.lang], { n: options.orderNumber }))}</p>
<p style="margin:0 0 24px">${t('amount')}: <strong style="font-size:22px">${escapeHtml(options.amount)}</strong></p>
${qr}${
  options.finished
    ? `<p role="status" style="margin:0 0 16px">${t('finished')}</p><p><a href="${escapeHtml(options.homeUrl)}" style="color:#1d4ed8">${t('back')}</a></p>`
    : `<div style="display:grid;gap:12px">
${button('pay', t('pay'), `${base}background:#15803d;color:#fff;border:0`)}
${button('cancel', t('cancel'), `${base}background:#fff;color:#111827;border:1px solid #6b7280`)}
${button('fail', t('fail'), `${base}background:#fff;color:#b91c1c;border:1px solid #b91c1c`)}
</div>`
}
</div></main></body></html>`;
}

export const PAYMENT_INSTRUCTION_TEXTS = {
  cash: {
    ru: 'Оплата наличными при получении заказа №{n}: {total}. Заказ будет подтверждён после оплаты.',
    en: 'Pay in cash when you receive order #{n}: {total}. The order is confirmed once paid.',
    es: 'Pague en efectivo al recibir el pedido n.º {n}: {total}. El pedido se confirma tras el pago.',
  },
  bank_transfer: {
    ru: 'Переведите {total} по реквизитам: {details}. В назначении платежа укажите «Заказ №{n}». Заказ будет подтверждён, когда перевод поступит.',
    en: 'Transfer {total} to: {details}. Put “Order #{n}” as the payment reference. The order is confirmed when the transfer arrives.',
    es: 'Transfiera {total} a: {details}. Indique «Pedido n.º {n}» como concepto. El pedido se confirma cuando llegue la transferencia.',
  },
  noDetails: {
    ru: 'реквизиты магазин пришлёт вам по email',
    en: 'the shop will email you the bank details',
    es: 'la tienda le enviará los datos bancarios por correo',
  },
} satisfies Record<string, Texts>;

export function paymentInstructions(
  method: 'cash' | 'bank_transfer',
  lang: Language,
  vars: { number: number; total: string; bankDetails: string | null },
): string {
  return fill(PAYMENT_INSTRUCTION_TEXTS[method][lang], {
    n: vars.number,
    total: vars.total,
    details: vars.bankDetails ?? PAYMENT_INSTRUCTION_TEXTS.noDetails[lang],
  });
}

function mail(
  to: string,
  lang: Language,
  subject: string,
  paragraphs: (string | string[])[],
  links: { label: string; url: string }[],
  greeting?: string,
): MailMessage {
  return {
    to,
    ...renderMail({ lang, subject, ...(greeting ? { greeting } : {}), blocks: paragraphs, actions: links }),
  };
}

export const PAYMENT_MAIL_TEXTS = {
  booksSubject: {
    ru: 'Ваши электронные книги (заказ №{n})',
    en: 'Your e-books (order #{n})',
    es: 'Sus libros electrónicos (pedido n.º {n})',
  },
  booksText: {
    ru: 'Спасибо за покупку! Ссылки действуют {days} дн., каждая — до {uses} скачиваний. Новую ссылку можно получить в личном кабинете.',
    en: 'Thank you for your purchase! The links work for {days} days, up to {uses} downloads each. You can get a new link in your account.',
    es: '¡Gracias por su compra! Los enlaces valen {days} días, hasta {uses} descargas cada uno. Puede obtener uno nuevo en su cuenta.',
  },
  reissueSubject: { ru: 'Новая ссылка на скачивание', en: 'Your new download link', es: 'Su nuevo enlace de descarga' },
  reissueText: {
    ru: 'Новая ссылка действует {days} дн., до {uses} скачиваний.',
    en: 'The new link works for {days} days, up to {uses} downloads.',
    es: 'El nuevo enlace vale {days} días, hasta {uses} descargas.',
  },
  payLinkSubject: {
    ru: 'Оплата заказа №{n} онлайн',
    en: 'Pay order #{n} online',
    es: 'Pague el pedido n.º {n} en línea',
  },
  payLinkText: {
    ru: 'Заказ №{n} на сумму {total} можно оплатить онлайн — картой, через СБП и другими способами — по ссылке ниже. Входить в аккаунт не нужно. Ссылка действует до {until}; та же ссылка есть в вашем аккаунте рядом с заказом.',
    en: 'Order #{n} ({total}) can be paid online — by card, SBP and other ways — with the link below, without signing in. The link works until {until}; the same link is in your account next to the order.',
    es: 'El pedido n.º {n} ({total}) se puede pagar en línea —con tarjeta, SBP y otras formas— con el enlace de abajo, sin iniciar sesión. El enlace vale hasta el {until}; el mismo enlace está en su cuenta junto al pedido.',
  },
  payLinkTransfer: {
    ru: 'Оплатить банковским переводом по реквизитам из письма с инструкциями по-прежнему можно.',
    en: 'You can still pay by bank transfer as the instructions mail says.',
    es: 'Todavía puede pagar por transferencia bancaria como indica el correo con las instrucciones.',
  },
  payLinkLabel: { ru: 'Оплатить онлайн', en: 'Pay online', es: 'Pagar en línea' },
  download: { ru: 'Скачать «{name}»', en: 'Download “{name}”', es: 'Descargar «{name}»' },
  invoiceSubject: {
    ru: 'Счёт PayPal для заказа №{n}',
    en: 'PayPal invoice for order #{n}',
    es: 'Factura de PayPal del pedido n.º {n}',
  },
  invoiceText: {
    ru: 'Мы выставили счёт PayPal на оплату заказа №{n} ({total}). Оплатите его по ссылке; заказ будет подтверждён, как только платёж поступит.',
    en: 'We have issued a PayPal invoice for order #{n} ({total}). Pay it through the link; the order is confirmed as soon as the payment arrives.',
    es: 'Hemos emitido una factura de PayPal para el pedido n.º {n} ({total}). Páguela en el enlace; el pedido se confirmará en cuanto llegue el pago.',
  },
  invoiceLabel: { ru: 'Открыть счёт PayPal', en: 'Open the PayPal invoice', es: 'Abrir la factura de PayPal' },
  adminRequestSubject: {
    ru: 'Нужен счёт PayPal: заказ №{n}',
    en: 'PayPal invoice needed: order #{n}',
    es: 'Se necesita una factura de PayPal: pedido n.º {n}',
  },
  adminRequestText: {
    ru: 'Покупатель заказа №{n} ({total}) просит счёт PayPal (адрес PayPal: {paypal}). Выставьте счёт в PayPal и отправьте ссылку на странице заказа.',
    en: 'The customer of order #{n} ({total}) asks for a PayPal invoice (PayPal address: {paypal}). Create the invoice in PayPal and send its link from the order page.',
    es: 'El cliente del pedido n.º {n} ({total}) pide una factura de PayPal (correo de PayPal: {paypal}). Cree la factura en PayPal y envíe el enlace desde la página del pedido.',
  },
  adminOrderLabel: { ru: 'Открыть заказ', en: 'Open the order', es: 'Abrir el pedido' },
  alertSubject: {
    ru: 'Проверьте платёж: заказ №{n}',
    en: 'Check a payment: order #{n}',
    es: 'Revise un pago: pedido n.º {n}',
  },
  alert_order_not_pending: {
    ru: 'Пришёл платёж ({provider}) по заказу №{n}, который уже не ждёт оплаты (статус: {status}). Возможно, покупатель заплатил дважды: проверьте и верните лишнее.',
    en: 'A payment ({provider}) arrived for order #{n}, which no longer awaits payment (status: {status}). The customer may have paid twice: check and refund the extra.',
    es: 'Llegó un pago ({provider}) del pedido n.º {n}, que ya no espera pago (estado: {status}). Puede que el cliente pagara dos veces: revíselo y devuelva lo sobrante.',
  },
  alert_order_not_pending_refunding: {
    ru: 'Пришёл второй платёж ({provider}) по заказу №{n}, который уже оплачен (статус: {status}): покупатель заплатил дважды. Лишний платёж ({got}) возвращается покупателю автоматически, делать ничего не нужно. Если вернуть не получится, оповещение останется в панели.',
    en: 'A second payment ({provider}) arrived for order #{n}, which is already paid (status: {status}): the customer paid twice. The extra payment ({got}) is being given back to the customer automatically; there is nothing for you to do. Should it fail, the alert stays on the dashboard.',
    es: 'Llegó un segundo pago ({provider}) del pedido n.º {n}, que ya está pagado (estado: {status}): el cliente pagó dos veces. El pago sobrante ({got}) se devuelve al cliente automáticamente; no tiene que hacer nada. Si no se pudiera, el aviso seguirá en el panel.',
  },
  duplicateRefundedSubject: {
    ru: 'Заказ №{n}: мы вернули лишний платёж',
    en: 'Order #{n}: we gave back the extra payment',
    es: 'Pedido n.º {n}: le devolvimos el pago sobrante',
  },
  duplicateRefundedText: {
    ru: 'Заказ №{n} был оплачен дважды. Второй платёж ({amount}) мы вернули: деньги придут туда, откуда была оплата, обычно в течение нескольких дней. Заказ оплачен и остаётся в силе.',
    en: 'Order #{n} was paid twice. We gave the second payment ({amount}) back: the money returns to where it was paid from, usually within a few days. Your order is paid and stands.',
    es: 'El pedido n.º {n} se pagó dos veces. Le devolvimos el segundo pago ({amount}): el dinero vuelve a donde se pagó, normalmente en unos días. Su pedido está pagado y sigue en pie.',
  },
  linesRefundedSubject: {
    ru: 'Заказ №{n}: деньги за часть заказа возвращены',
    en: 'Order #{n} partly refunded',
    es: 'Pedido n.º {n}: reembolso parcial',
  },
  linesRefundedAllSubject: {
    ru: 'Заказ №{n}: деньги возвращены',
    en: 'Order #{n} refunded',
    es: 'Pedido n.º {n} reembolsado',
  },
  linesRefundedHello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  linesRefundedLabel: { ru: 'Открыть заказ', en: 'View your order', es: 'Ver su pedido' },
  linesRefundedText: {
    ru: 'Мы вернули вам {amount} за эти позиции заказа №{n}:',
    en: 'We refunded you {amount} for these lines of order #{n}:',
    es: 'Le reembolsamos {amount} por estas líneas del pedido n.º {n}:',
  },
  linesRefundedLine: {
    ru: '{name} — {quantity} шт., {amount}',
    en: '{name} — {quantity} pcs, {amount}',
    es: '{name} — {quantity} ud., {amount}',
  },
  linesRefundedRest: {
    ru: 'Деньги придут туда, откуда была оплата, обычно в течение нескольких дней. Остальное в заказе остаётся в силе.',
    en: 'The money returns to where it was paid from, usually within a few days. The rest of your order stands.',
    es: 'El dinero vuelve a donde se pagó, normalmente en unos días. El resto de su pedido sigue en pie.',
  },
  linesRefundedAll: {
    ru: 'Деньги придут туда, откуда была оплата, обычно в течение нескольких дней. Теперь за все позиции заказа деньги возвращены.',
    en: 'The money returns to where it was paid from, usually within a few days. Every line of the order has now been refunded.',
    es: 'El dinero vuelve a donde se pagó, normalmente en unos días. Ya se han reembolsado todas las líneas del pedido.',
  },
  alert_order_cancelled: {
    ru: 'Пришёл платёж ({provider}) по отменённому заказу №{n}. Заказ остаётся отменённым: верните деньги покупателю.',
    en: 'A payment ({provider}) arrived for the cancelled order #{n}. The order stays cancelled: refund the customer.',
    es: 'Llegó un pago ({provider}) del pedido cancelado n.º {n}. El pedido sigue cancelado: devuelva el dinero al cliente.',
  },
  alert_amount_mismatch: {
    ru: 'Платёж ({provider}) по заказу №{n} не совпадает с суммой заказа: получено {got}, ожидалось {expected}. Заказ не подтверждён.',
    en: 'A payment ({provider}) for order #{n} does not match the order: received {got}, expected {expected}. The order was not confirmed.',
    es: 'Un pago ({provider}) del pedido n.º {n} no coincide con el pedido: recibido {got}, esperado {expected}. El pedido no se confirmó.',
  },
  alertLabel: { ru: 'Открыть панель управления', en: 'Open the dashboard', es: 'Abrir el panel' },
} satisfies Record<string, Texts>;

/** The invoice link the owner sent by hand, to the customer's account address. */
export function paypalInvoiceMail(to: string, lang: Language, vars: { number: number; total: string; url: string }) {
  return mail(
    to,
    lang,
    fill(PAYMENT_MAIL_TEXTS.invoiceSubject[lang], { n: vars.number }),
    [fill(PAYMENT_MAIL_TEXTS.invoiceText[lang], { n: vars.number, total: vars.total })],
    [{ label: PAYMENT_MAIL_TEXTS.invoiceLabel[lang], url: vars.url }],
  );
}

/** The owner's task: a customer asked for a PayPal invoice. */
export function paypalRequestAdminMail(
  to: string,
  lang: Language,
  vars: { number: number; total: string; paypalEmail: string; url: string },
) {
  return mail(
    to,
    lang,
    fill(PAYMENT_MAIL_TEXTS.adminRequestSubject[lang], { n: vars.number }),
    [fill(PAYMENT_MAIL_TEXTS.adminRequestText[lang], { n: vars.number, total: vars.total, paypal: vars.paypalEmail })],
    [{ label: PAYMENT_MAIL_TEXTS.adminOrderLabel[lang], url: vars.url }],
  );
}

/** The payment services by the names the owner knows them (a mail never shows the code name). */
const PROVIDER_NAMES: Record<string, Texts> = {
  yookassa: { ru: 'ЮKassa', en: 'YooKassa', es: 'YooKassa' },
  paypal: { ru: 'PayPal', en: 'PayPal', es: 'PayPal' },
  'paypal-manual': { ru: 'PayPal', en: 'PayPal', es: 'PayPal' },
  test: { ru: 'тестовая оплата', en: 'test payment', es: 'pago de prueba' },
  manual: { ru: 'оплата вне сайта', en: 'paid outside the site', es: 'pago fuera del sitio' },
};
const providerName = (provider: string, lang: Language) =>
  PROVIDER_NAMES[provider]?.[lang] ?? { ru: 'платёжная система', en: 'payment service', es: 'servicio de pagos' }[lang];

export function paymentAlertMail(
  to: string,
  lang: Language,
  kind: 'order_not_pending' | 'order_not_pending_refunding' | 'order_cancelled' | 'amount_mismatch',
  vars: { number: number; provider: string; status: OrderStatus; got: string; expected: string; url: string },
) {
  const status = inSentence(ORDER_STATUS_LABELS[vars.status][lang]);
  return mail(
    to,
    lang,
    fill(PAYMENT_MAIL_TEXTS.alertSubject[lang], { n: vars.number }),
    [
      fill(PAYMENT_MAIL_TEXTS[`alert_${kind}`][lang], {
        ...vars,
        provider: providerName(vars.provider, lang),
        status,
        n: vars.number,
      }),
    ],
    [{ label: PAYMENT_MAIL_TEXTS.alertLabel[lang], url: vars.url }],
  );
}

/** To the customer: the second payment of an order already paid was given back. */
export function duplicateRefundedMail(to: string, lang: Language, vars: { number: number; amount: string }) {
  return mail(
    to,
    lang,
    fill(PAYMENT_MAIL_TEXTS.duplicateRefundedSubject[lang], { n: vars.number }),
    [fill(PAYMENT_MAIL_TEXTS.duplicateRefundedText[lang], { n: vars.number, amount: vars.amount })],
    [],
  );
}

/**
 * To the customer, by name: chosen lines of a paid order were refunded (which, how many, for how
 * much, in the order's currency), with a button to the order's page. `all`: every line of the order
 * is refunded now, and the subject says the order is refunded rather than partly refunded.
 */
export function linesRefundedMail(
  to: string,
  lang: Language,
  vars: {
    name: string;
    number: number;
    amount: string;
    lines: { name: string; quantity: number; amount: string }[];
    all: boolean;
    orderUrl: string;
  },
) {
  const T = PAYMENT_MAIL_TEXTS;
  return mail(
    to,
    lang,
    fill((vars.all ? T.linesRefundedAllSubject : T.linesRefundedSubject)[lang], { n: vars.number }),
    [
      fill(T.linesRefundedText[lang], { n: vars.number, amount: vars.amount }),
      vars.lines.map((line) => fill(T.linesRefundedLine[lang], line)),
      (vars.all ? T.linesRefundedAll : T.linesRefundedRest)[lang],
    ],
    [{ label: T.linesRefundedLabel[lang], url: vars.orderUrl }],
    vars.name.trim() ? fill(T.linesRefundedHello[lang], { name: vars.name.trim() }) : undefined,
  );
}

export function downloadsMail(
  to: string,
  lang: Language,
  vars: { number: number; days: number; uses: number; books: { name: string; url: string }[]; reissue?: boolean },
) {
  const subject = vars.reissue
    ? PAYMENT_MAIL_TEXTS.reissueSubject[lang]
    : fill(PAYMENT_MAIL_TEXTS.booksSubject[lang], { n: vars.number });
  const text = fill((vars.reissue ? PAYMENT_MAIL_TEXTS.reissueText : PAYMENT_MAIL_TEXTS.booksText)[lang], {
    days: vars.days,
    uses: vars.uses,
  });
  return mail(
    to,
    lang,
    subject,
    [text],
    vars.books.map((b) => ({ label: fill(PAYMENT_MAIL_TEXTS.download[lang], { name: b.name }), url: b.url })),
  );
}

const DEADLINE = {
  ru: new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
};

/**
 * The order's payment link valid for days (pay-links.ts): what it pays, until when it works (in
 * UTC, as the instructions' deadline), and for a bank-transfer order that the transfer still works.
 */
export function payLinkMail(
  to: string,
  lang: Language,
  vars: { number: number; total: string; url: string; until: Date; transfer: boolean },
) {
  const paragraphs = [
    fill(PAYMENT_MAIL_TEXTS.payLinkText[lang], {
      n: vars.number,
      total: vars.total,
      until: `${DEADLINE[lang].format(vars.until)} UTC`,
    }),
  ];
  if (vars.transfer) paragraphs.push(PAYMENT_MAIL_TEXTS.payLinkTransfer[lang]);
  return mail(to, lang, fill(PAYMENT_MAIL_TEXTS.payLinkSubject[lang], { n: vars.number }), paragraphs, [
    { label: PAYMENT_MAIL_TEXTS.payLinkLabel[lang], url: vars.url },
  ]);
}
