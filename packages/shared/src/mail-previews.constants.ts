/**
 * The admin's mail preview: every kind of mail the shop sends (to a customer or to the owner),
 * drawn with sample data (`GET /api/admin/mail-previews/:kind?lang=`), with the owner's names for them.
 */
import type { Texts } from './texts';

/** Mails to customers, in the order the preview lists them. */
export const CUSTOMER_MAIL_PREVIEW_KINDS = [
  'verification',
  'registration_attempt',
  'password_reset',
  'password_changed',
  'order_awaiting_payment',
  'order_paid',
  'order_lessons_paid',
  'order_processing',
  'order_shipped',
  'order_ready_pickup',
  'order_tracking',
  'order_delivered',
  'order_cancelled',
  'order_expired',
  'parcel_ready',
  'parcel_not_delivered',
  'pay_link',
  'paypal_invoice',
  'payment_refunded_twice',
  'payment_lines_refunded',
  'downloads',
  'gift_recipient',
  'gift_buyer',
  'stock_alert_confirm',
  'back_in_stock',
  'cart_reminder',
  'custom_quote',
  'custom_paid',
  'custom_in_work',
  'custom_done',
  'custom_declined',
] as const;

/** Mails (and their Telegram copies) to the owner herself. */
export const OWNER_MAIL_PREVIEW_KINDS = [
  'owner_paid_order',
  'owner_expiring_order',
  'owner_paypal_request',
  'owner_payment_alert',
  'owner_paid_twice',
  'owner_daily_digest',
  'owner_custom_new',
  'owner_custom_accepted',
  'owner_custom_declined',
  'owner_custom_paid',
] as const;

export const MAIL_PREVIEW_KINDS = [...CUSTOMER_MAIL_PREVIEW_KINDS, ...OWNER_MAIL_PREVIEW_KINDS] as const;
export type MailPreviewKind = (typeof MAIL_PREVIEW_KINDS)[number];

/** The owner's names of the mails, in the order the preview lists them. */
export const MAIL_PREVIEW_LABELS: Record<MailPreviewKind, Texts> = {
  verification: { ru: 'Код подтверждения почты', en: 'Email confirmation code', es: 'Código de confirmación' },
  registration_attempt: {
    ru: 'Повторная регистрация с тем же адресом',
    en: 'Sign-up with an address already registered',
    es: 'Registro con una dirección ya registrada',
  },
  password_reset: { ru: 'Восстановление пароля', en: 'Password reset', es: 'Restablecer la contraseña' },
  password_changed: { ru: 'Пароль изменён', en: 'Password changed', es: 'Contraseña cambiada' },
  order_awaiting_payment: {
    ru: 'Заказ ждёт оплаты (наличные, перевод)',
    en: 'Order awaiting payment (cash, transfer)',
    es: 'Pedido pendiente de pago (efectivo, transferencia)',
  },
  order_paid: { ru: 'Заказ оплачен', en: 'Order paid', es: 'Pedido pagado' },
  order_lessons_paid: { ru: 'Оплачены уроки', en: 'Lessons paid', es: 'Clases pagadas' },
  order_processing: { ru: 'Заказ в работе', en: 'Order being made', es: 'Pedido en preparación' },
  order_shipped: { ru: 'Заказ отправлен', en: 'Order shipped', es: 'Pedido enviado' },
  order_ready_pickup: {
    ru: 'Заказ готов к выдаче',
    en: 'Order ready for pickup',
    es: 'Pedido listo para recoger',
  },
  order_tracking: { ru: 'Трек-номер посылки', en: 'Tracking number', es: 'Número de seguimiento' },
  order_delivered: { ru: 'Заказ доставлен', en: 'Order delivered', es: 'Pedido entregado' },
  order_cancelled: { ru: 'Заказ отменён', en: 'Order cancelled', es: 'Pedido cancelado' },
  order_expired: {
    ru: 'Заказ отменён: не оплачен вовремя',
    en: 'Order cancelled: not paid in time',
    es: 'Pedido cancelado: no pagado a tiempo',
  },
  parcel_ready: { ru: 'Посылка ждёт в пункте СДЭК', en: 'Parcel at the CDEK point', es: 'Paquete en el punto CDEK' },
  parcel_not_delivered: {
    ru: 'СДЭК не смог вручить посылку',
    en: 'CDEK could not deliver the parcel',
    es: 'CDEK no pudo entregar el paquete',
  },
  pay_link: {
    ru: 'Ссылка на оплату онлайн (задаток, перевод)',
    en: 'Pay-online link (deposit, transfer)',
    es: 'Enlace para pagar en línea (anticipo, transferencia)',
  },
  payment_refunded_twice: {
    ru: 'Возврат лишнего платежа',
    en: 'An extra payment given back',
    es: 'Devolución de un pago sobrante',
  },
  payment_lines_refunded: {
    ru: 'Возврат за позиции заказа',
    en: 'Order lines refunded',
    es: 'Reembolso de líneas del pedido',
  },
  paypal_invoice: { ru: 'Счёт PayPal', en: 'PayPal invoice', es: 'Factura de PayPal' },
  downloads: { ru: 'Ссылки на электронные книги', en: 'E-book download links', es: 'Enlaces de los libros digitales' },
  gift_recipient: {
    ru: 'Подарочный сертификат получателю',
    en: 'Gift certificate to the recipient',
    es: 'Certificado regalo al destinatario',
  },
  gift_buyer: {
    ru: 'Сертификат оплачен (покупателю)',
    en: 'Gift certificate paid (to the buyer)',
    es: 'Certificado pagado (al comprador)',
  },
  stock_alert_confirm: {
    ru: 'Подтверждение подписки на поступление',
    en: 'Back-in-stock subscription confirmation',
    es: 'Confirmación del aviso de disponibilidad',
  },
  back_in_stock: { ru: 'Товар снова в наличии', en: 'Back in stock', es: 'De nuevo disponible' },
  cart_reminder: { ru: 'Напоминание о корзине', en: 'Cart reminder', es: 'Recordatorio del carrito' },
  custom_quote: {
    ru: 'Индивидуальный заказ: предложение',
    en: 'Custom piece: quote',
    es: 'Pieza personalizada: presupuesto',
  },
  custom_paid: {
    ru: 'Индивидуальный заказ: предоплата получена',
    en: 'Custom piece: deposit received',
    es: 'Pieza personalizada: anticipo recibido',
  },
  custom_in_work: {
    ru: 'Индивидуальный заказ: в работе',
    en: 'Custom piece: in progress',
    es: 'Pieza personalizada: en curso',
  },
  custom_done: { ru: 'Индивидуальный заказ: готово', en: 'Custom piece: ready', es: 'Pieza personalizada: lista' },
  custom_declined: {
    ru: 'Индивидуальный заказ: отказ',
    en: 'Custom piece: declined',
    es: 'Pieza personalizada: rechazada',
  },
  owner_paid_order: { ru: 'Оплачен новый заказ', en: 'A new order is paid', es: 'Un pedido nuevo pagado' },
  owner_expiring_order: {
    ru: 'Неоплаченный заказ скоро отменится',
    en: 'An unpaid order is about to expire',
    es: 'Un pedido sin pagar está por vencer',
  },
  owner_paypal_request: {
    ru: 'Покупатель просит счёт PayPal',
    en: 'A customer asks for a PayPal invoice',
    es: 'Un cliente pide una factura de PayPal',
  },
  owner_payment_alert: { ru: 'Платёж, который нужно проверить', en: 'A payment to check', es: 'Un pago que revisar' },
  owner_paid_twice: {
    ru: 'Двойная оплата: возврат сам',
    en: 'Paid twice: given back by itself',
    es: 'Pago doble: se devuelve solo',
  },
  owner_daily_digest: { ru: 'Сводка за день', en: 'Daily summary', es: 'Resumen del día' },
  owner_custom_new: {
    ru: 'Новая заявка на индивидуальный заказ',
    en: 'A new custom request',
    es: 'Una nueva solicitud personalizada',
  },
  owner_custom_accepted: {
    ru: 'Покупатель принял предложение',
    en: 'A customer accepted the quote',
    es: 'El cliente aceptó el presupuesto',
  },
  owner_custom_declined: {
    ru: 'Покупатель отказался от предложения',
    en: 'A customer declined the quote',
    es: 'El cliente rechazó el presupuesto',
  },
  owner_custom_paid: {
    ru: 'Оплата индивидуального заказа',
    en: 'A custom request is paid',
    es: 'Pago de una pieza personalizada',
  },
};
