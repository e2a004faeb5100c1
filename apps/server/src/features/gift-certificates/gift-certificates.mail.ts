/**
 * The words of gift certificates outside the web: the recipient's mail (with the code and the
 * printable certificate attached), the buyer's confirmation once it is paid, the printed
 * certificate itself and the name of the order line. Each in the language chosen for it. Pure
 * functions: the service enqueues what they return in its own transaction.
 */
import { type Currency, fillText, formatGiftCode, formatMoney, type Language, type Texts } from '@atelier/shared';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

export const GIFT_MAIL_TEXTS = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  recipientSubject: {
    ru: '{sender} дарит вам подарочный сертификат',
    en: '{sender} has sent you a gift certificate',
    es: '{sender} le regala un certificado regalo',
  },
  recipientIntro: {
    ru: '{sender} дарит вам подарочный сертификат мастерской шёлковых цветов Atelier на {amount}.',
    en: '{sender} has given you a gift certificate of the Atelier silk-flower workshop for {amount}.',
    es: '{sender} le regala un certificado del taller de flores de seda Atelier por {amount}.',
  },
  // A name is never put after a preposition: Russian would need it declined ("от Марины").
  messageFrom: {
    ru: 'Сообщение от отправителя:',
    en: 'A message from the sender:',
    es: 'Mensaje del remitente:',
  },
  codeLabel: { ru: 'Код сертификата:', en: 'Certificate code:', es: 'Código del certificado:' },
  howTo: {
    ru: 'Им можно оплатить товары, уроки и курсы на сайте — полностью или частично: введите код при оформлении заказа. Неизрасходованный остаток сохраняется.',
    en: 'It pays for goods, lessons and courses on the site, in full or in part: enter the code at checkout. Whatever is not spent stays on it.',
    es: 'Sirve para pagar artículos, lecciones y cursos en el sitio, total o parcialmente: introduzca el código al hacer el pedido. Lo que no gaste se conserva.',
  },
  // The currency in words, as a sentence of its own: "в валюте RUB" reads as a developer's code.
  paysInRUB: {
    ru: 'Сертификат оплачивает заказы в рублях.',
    en: 'The certificate pays for orders in roubles.',
    es: 'El certificado paga pedidos en rublos.',
  },
  paysInEUR: {
    ru: 'Сертификат оплачивает заказы в евро.',
    en: 'The certificate pays for orders in euros.',
    es: 'El certificado paga pedidos en euros.',
  },
  paysInUSD: {
    ru: 'Сертификат оплачивает заказы в долларах США.',
    en: 'The certificate pays for orders in US dollars.',
    es: 'El certificado paga pedidos en dólares estadounidenses.',
  },
  printable: {
    ru: 'Сертификат для печати — во вложении.',
    en: 'A printable certificate is attached.',
    es: 'Adjuntamos el certificado para imprimir.',
  },
  shopAction: { ru: 'Выбрать подарок', en: 'Choose a gift', es: 'Elegir un regalo' },
  keepSafe: {
    ru: 'Код — как наличные: не пересылайте его посторонним.',
    en: 'The code works like cash: do not pass it on to strangers.',
    es: 'El código funciona como dinero en efectivo: no lo comparta con desconocidos.',
  },
  buyerSubject: {
    ru: 'Подарочный сертификат на {amount} оплачен',
    en: 'The gift certificate for {amount} is paid',
    es: 'El certificado regalo de {amount} está pagado',
  },
  buyerIntro: {
    ru: 'Спасибо! Подарочный сертификат на {amount} оплачен.',
    en: 'Thank you! The gift certificate for {amount} is paid.',
    es: '¡Gracias! El certificado regalo de {amount} está pagado.',
  },
  buyerRecipient: { ru: 'Получатель: {recipient}', en: 'Recipient: {recipient}', es: 'Destinatario: {recipient}' },
  buyerOrder: { ru: 'Заказ №{n}', en: 'Order #{n}', es: 'Pedido n.º {n}' },
  buyerLater: {
    ru: 'Письмо с кодом и сертификатом для печати придёт на {email} {date}.',
    en: 'The mail with the code and the printable certificate will reach {email} on {date}.',
    es: 'El correo con el código y el certificado para imprimir llegará a {email} el {date}.',
  },
  buyerNow: {
    ru: 'Письмо с кодом и сертификатом для печати отправлено на {email}.',
    en: 'The mail with the code and the printable certificate has been sent to {email}.',
    es: 'El correo con el código y el certificado para imprimir se ha enviado a {email}.',
  },
  buyerAction: { ru: 'Мои сертификаты', en: 'My certificates', es: 'Mis certificados' },
  lineName: {
    ru: 'Подарочный сертификат на {amount}',
    en: 'Gift certificate for {amount}',
    es: 'Certificado regalo de {amount}',
  },
  shopName: { ru: 'Atelier', en: 'Atelier', es: 'Atelier' },
  pdfTitle: { ru: 'Подарочный сертификат', en: 'Gift certificate', es: 'Certificado regalo' },
  pdfFor: { ru: 'Для: {name}', en: 'For: {name}', es: 'Para: {name}' },
  pdfFrom: { ru: 'От: {name}', en: 'From: {name}', es: 'De: {name}' },
  pdfCode: { ru: 'Код сертификата', en: 'Certificate code', es: 'Código del certificado' },
  pdfUse: {
    ru: 'Оплачивает товары, уроки и курсы на {site} — полностью или частично, остаток сохраняется.',
    en: 'Pays for goods, lessons and courses at {site}, in full or in part; the rest stays on it.',
    es: 'Paga artículos, lecciones y cursos en {site}, total o parcialmente; el resto se conserva.',
  },
  pdfFile: { ru: 'подарочный-сертификат.pdf', en: 'gift-certificate.pdf', es: 'certificado-regalo.pdf' },
} satisfies Record<string, Texts>;

type Key = keyof typeof GIFT_MAIL_TEXTS;
export const giftText = (key: Key, lang: Language, values: Record<string, string | number> = {}) =>
  fillText(GIFT_MAIL_TEXTS[key][lang], values);

/** An amount as people read it ("5 000 ₽", "€50"). */
export const giftMoney = (minor: number, currency: Currency, lang: Language) =>
  formatMoney(minor / 100, currency, lang);

const DATE: Record<Language, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }),
};
/** A calendar day (YYYY-MM-DD) written out: "14 февраля 2026 г.", "14 February 2026". */
export const longDate = (date: string, lang: Language) => DATE[lang].format(new Date(`${date}T12:00:00Z`));

/** A name as one line of text (a subject has no line breaks). */
const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export interface RecipientMailInput {
  to: string;
  lang: Language;
  recipientName: string | null;
  /** Who gives it; the shop when it was issued by hand without a name. */
  senderName: string | null;
  message: string | null;
  code: string;
  amountMinor: number;
  currency: Currency;
  shopUrl: string;
  pdf: Buffer;
}

/** The recipient's mail: who gives it and how much, their message, the code, how to use it, the PDF. */
export function recipientMail(input: RecipientMailInput): MailMessage {
  const { lang } = input;
  // Names go into the subject: one line, whatever was typed.
  const sender = oneLine(input.senderName) || giftText('shopName', lang);
  const recipientName = oneLine(input.recipientName);
  const amount = giftMoney(input.amountMinor, input.currency, lang);
  return {
    to: input.to,
    ...renderMail({
      lang,
      subject: giftText('recipientSubject', lang, { sender }),
      ...(recipientName ? { greeting: giftText('hello', lang, { name: recipientName }) } : {}),
      blocks: [
        giftText('recipientIntro', lang, { sender, amount }),
        ...(input.message ? [[giftText('messageFrom', lang, { sender }), `«${input.message}»`]] : []),
        [giftText('codeLabel', lang), formatGiftCode(input.code)],
        `${giftText('howTo', lang)} ${giftText(`paysIn${input.currency}`, lang)}`,
        giftText('printable', lang),
      ],
      actions: [{ label: giftText('shopAction', lang), url: input.shopUrl }],
      footer: giftText('keepSafe', lang),
    }),
    attachments: [{ filename: giftText('pdfFile', lang), contentType: 'application/pdf', content: input.pdf }],
  };
}

/** The buyer's confirmation once the certificate is paid: for whom, and when their mail goes out. */
export function buyerMail(input: {
  to: string;
  lang: Language;
  buyerName: string;
  recipientName: string;
  recipientEmail: string;
  amountMinor: number;
  currency: Currency;
  /** null = mailed already (a gift for today). */
  deliveryDate: string | null;
  accountUrl: string;
  /** The order that bought it (the buyer's only mail of that order names it). */
  orderNumber?: number | null;
}): MailMessage {
  const { lang } = input;
  const amount = giftMoney(input.amountMinor, input.currency, lang);
  const recipient = oneLine(input.recipientName);
  return {
    to: input.to,
    ...renderMail({
      lang,
      subject: giftText('buyerSubject', lang, { amount }),
      greeting: giftText('hello', lang, { name: input.buyerName }),
      blocks: [
        giftText('buyerIntro', lang, { amount }),
        [
          giftText('buyerRecipient', lang, { recipient }),
          ...(input.orderNumber ? [giftText('buyerOrder', lang, { n: input.orderNumber })] : []),
        ],
        input.deliveryDate
          ? // A date that ends in an abbreviation ("2026 г.") ends the sentence too.
            giftText('buyerLater', lang, {
              email: input.recipientEmail,
              date: longDate(input.deliveryDate, lang),
            }).replace(/\.\.$/, '.')
          : giftText('buyerNow', lang, { email: input.recipientEmail }),
      ],
      actions: [{ label: giftText('buyerAction', lang), url: input.accountUrl }],
    }),
  };
}
