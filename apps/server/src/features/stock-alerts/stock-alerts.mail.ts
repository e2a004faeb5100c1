/**
 * The mails of "notify me when it is back": the confirmation of an address given without signing
 * in, and the one notice when the product is available, both in the language the customer used
 * when asking. Pure functions: the service enqueues what they return in its own transaction.
 */
import { fillText, type Language, type LocalizedText, localize, type Texts } from '@atelier/shared';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

export const STOCK_ALERT_MAIL_TEXTS = {
  confirmSubject: {
    ru: 'Подтвердите уведомление о поступлении «{name}»',
    en: 'Confirm the back-in-stock notice for “{name}”',
    es: 'Confirme el aviso de disponibilidad de «{name}»',
  },
  confirmText: {
    ru: 'Вы попросили сообщить, когда «{name}» снова появится в наличии. Подтвердите, что этот адрес ваш: пока вы не подтвердите, писем не будет. Ссылка действует {hours} ч.',
    en: 'You asked to hear when “{name}” is back in stock. Confirm that this address is yours: nothing is sent until you do. The link is valid for {hours} hours.',
    es: 'Pidió saber cuándo «{name}» vuelve a estar disponible. Confirme que esta dirección es suya: no enviaremos nada hasta que lo haga. El enlace es válido durante {hours} horas.',
  },
  confirmAction: { ru: 'Подтвердить', en: 'Confirm', es: 'Confirmar' },
  confirmFooter: {
    ru: 'Если вы ничего не просили, просто проигнорируйте это письмо.',
    en: 'If you did not ask for this, simply ignore this email.',
    es: 'Si no lo ha pedido, ignore este correo.',
  },
  backSubject: {
    ru: '«{name}» снова в наличии',
    en: '“{name}” is back in stock',
    es: '«{name}» vuelve a estar disponible',
  },
  backText: {
    ru: 'Хорошие новости: «{name}» снова можно заказать. Количество может быть ограничено.',
    en: 'Good news: “{name}” can be ordered again. Quantities may be limited.',
    es: 'Buenas noticias: «{name}» se puede volver a pedir. Las unidades pueden ser limitadas.',
  },
  backAction: { ru: 'Посмотреть товар', en: 'View the product', es: 'Ver el producto' },
  backFooter: {
    ru: 'Это разовое письмо: вы просили сообщить о поступлении этого товара.',
    en: 'This is a one-time notice: you asked to hear when this product is back.',
    es: 'Es un aviso único: pidió saber cuándo volvería este producto.',
  },
  unsubscribeText: {
    ru: 'Не хотите получать такие письма?',
    en: 'Do not want these mails?',
    es: '¿No desea recibir estos correos?',
  },
  unsubscribeLabel: {
    ru: 'Отписаться от уведомлений о поступлении',
    en: 'Unsubscribe from back-in-stock notices',
    es: 'Cancelar los avisos de disponibilidad',
  },
} satisfies Record<string, Texts>;

type Key = keyof typeof STOCK_ALERT_MAIL_TEXTS;

/** A mail about one product: its name in the subject and the text, one button, the small print. */
function productMail(
  args: { to: string; lang: Language; product: LocalizedText },
  parts: { subject: Key; text: Key; hours?: number; action: Key; url: string; footer: Key; unsubscribeUrl?: string },
): MailMessage {
  const t = (key: Key) => STOCK_ALERT_MAIL_TEXTS[key][args.lang];
  const name = localize(args.product, args.lang);
  return {
    to: args.to,
    ...renderMail({
      lang: args.lang,
      subject: fillText(t(parts.subject), { name }),
      blocks: [fillText(t(parts.text), { name, ...(parts.hours ? { hours: parts.hours } : {}) })],
      actions: [{ label: t(parts.action), url: parts.url }],
      footer: t(parts.footer),
      ...(parts.unsubscribeUrl
        ? { unsubscribe: { text: t('unsubscribeText'), label: t('unsubscribeLabel'), url: parts.unsubscribeUrl } }
        : {}),
    }),
  };
}

/** The double opt-in: nothing is sent to the address until this link is confirmed. */
export function stockAlertConfirmMail(args: {
  to: string;
  lang: Language;
  product: LocalizedText;
  link: string;
  hours: number;
}): MailMessage {
  return productMail(args, {
    subject: 'confirmSubject',
    text: 'confirmText',
    hours: args.hours,
    action: 'confirmAction',
    url: args.link,
    footer: 'confirmFooter',
  });
}

/** The one notice: the product is available again. */
export function backInStockMail(args: {
  to: string;
  lang: Language;
  product: LocalizedText;
  productUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  return productMail(args, {
    subject: 'backSubject',
    text: 'backText',
    action: 'backAction',
    url: args.productUrl,
    footer: 'backFooter',
    unsubscribeUrl: args.unsubscribeUrl,
  });
}
