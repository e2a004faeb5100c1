/**
 * The abandoned-cart reminder: the lines still in the cart and a link back, in the language the
 * cart was last saved in, with the way out (the opt-in in the account). Pure function: the
 * reminder pass enqueues it in the transaction that marks the cart reminded.
 */
import { fillText, type Language, type LocalizedText, localize, type Texts } from '@atelier/shared';
import { renderMail } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mail';

export const CART_MAIL_TEXTS = {
  hello: { ru: 'Здравствуйте, {name}!', en: 'Hello, {name}!', es: '¡Hola, {name}!' },
  subject: {
    ru: 'Ваша корзина ждёт вас',
    en: 'Your cart is waiting for you',
    es: 'Su carrito le está esperando',
  },
  intro: {
    ru: 'Вы оставили в корзине:',
    en: 'You left these in your cart:',
    es: 'Dejó esto en su carrito:',
  },
  line: { ru: '{name} × {quantity}', en: '{name} × {quantity}', es: '{name} × {quantity}' },
  outro: {
    ru: 'Они сохранены в корзине, наличие и цены проверяются при оформлении заказа.',
    en: 'They are kept in your cart; availability and prices are checked at checkout.',
    es: 'Siguen en su carrito; la disponibilidad y los precios se comprueban al hacer el pedido.',
  },
  action: { ru: 'Вернуться в корзину', en: 'Back to my cart', es: 'Volver al carrito' },
  footer: {
    ru: 'Мы напоминаем о корзине только один раз.',
    en: 'We remind you of a cart only once.',
    es: 'Solo le recordamos un carrito una vez.',
  },
  unsubscribeText: {
    ru: 'Вы получили это письмо, потому что согласились на напоминания по почте.',
    en: 'You get this because you agreed to reminders by email.',
    es: 'Recibe este correo porque aceptó recibir recordatorios.',
  },
  unsubscribeLabel: {
    ru: 'Отключить в личном кабинете',
    en: 'Turn them off in your account',
    es: 'Desactivarlos en su cuenta',
  },
} satisfies Record<string, Texts>;

type Key = keyof typeof CART_MAIL_TEXTS;

export function cartReminderMail(args: {
  to: string;
  name: string;
  lang: Language;
  lines: { name: LocalizedText; quantity: number }[];
  cartUrl: string;
  accountUrl: string;
}): MailMessage {
  const t = (key: Key) => CART_MAIL_TEXTS[key][args.lang];
  return {
    to: args.to,
    ...renderMail({
      lang: args.lang,
      subject: t('subject'),
      greeting: fillText(t('hello'), { name: args.name }),
      blocks: [
        t('intro'),
        args.lines.map((line) =>
          fillText(t('line'), { name: localize(line.name, args.lang), quantity: line.quantity }),
        ),
        t('outro'),
      ],
      actions: [{ label: t('action'), url: args.cartUrl }],
      footer: t('footer'),
      unsubscribe: { text: t('unsubscribeText'), label: t('unsubscribeLabel'), url: args.accountUrl },
    }),
  };
}
