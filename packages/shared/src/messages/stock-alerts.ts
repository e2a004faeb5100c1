/**
 * Texts of "notify me when it is back": the server's answers and the head texts of the pages the
 * emailed confirmation and unsubscribe links open.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const STOCK_ALERTS_MESSAGES = {
  stockAlertSubscribed: {
    ru: 'Мы напишем вам, когда товар снова появится в наличии',
    en: 'We will email you when it is back in stock',
    es: 'Le escribiremos cuando vuelva a estar disponible',
  },
  stockAlertCheckMail: {
    ru: 'Проверьте почту: подтвердите адрес по ссылке из письма, и мы сообщим, когда товар появится',
    en: 'Check your inbox: confirm the address with the link we sent, and we will tell you when it is back',
    es: 'Revise su correo: confirme la dirección con el enlace que le enviamos y le avisaremos cuando vuelva',
  },
  stockAlertConfirmed: {
    ru: 'Адрес подтверждён: мы напишем, когда товар снова будет в наличии',
    en: 'Address confirmed: we will email you when it is back in stock',
    es: 'Dirección confirmada: le escribiremos cuando vuelva a estar disponible',
  },
  stockAlertAlreadyBack: {
    ru: 'Хорошие новости: товар уже в наличии, мы отправили вам письмо со ссылкой',
    en: 'Good news: it is already back in stock, and we have emailed you the link',
    es: 'Buenas noticias: ya está disponible y le hemos enviado el enlace por correo',
  },
  stockAlertCancelled: {
    ru: 'Уведомление о поступлении отменено',
    en: 'You will not be notified about this product',
    es: 'Ya no le avisaremos sobre este producto',
  },
  stockAlertUnsubscribed: {
    ru: 'Готово: писем о поступлении товаров на этот адрес больше не будет',
    en: 'Done: no more back-in-stock mails to this address',
    es: 'Hecho: no enviaremos más avisos de disponibilidad a esta dirección',
  },
  stockAlertInStock: {
    ru: 'Этот товар в наличии: его можно заказать прямо сейчас',
    en: 'This product is in stock: you can order it now',
    es: 'Este producto está disponible: puede pedirlo ahora',
  },
  stockAlertEmailRequired: {
    ru: 'Укажите email, чтобы получить уведомление',
    en: 'Enter your email to be notified',
    es: 'Introduzca su correo para recibir el aviso',
  },
  stockAlertLinkInvalid: {
    ru: 'Ссылка недействительна или устарела',
    en: 'This link is invalid or has expired',
    es: 'El enlace no es válido o ha caducado',
  },
} satisfies Record<string, Texts>;

export const STOCK_ALERTS_PAGE_TEXTS = {
  stockAlertConfirm: {
    title: pageTitle('stockAlertConfirm'),
  },
  stockAlertUnsubscribe: {
    title: pageTitle('stockAlertUnsubscribe'),
  },
} satisfies Record<string, PageText>;
