/** Texts of fiscal receipts and refunds, in ru, en and es: the messages the server answers with. */
import type { Texts } from '../texts';

export const RECEIPTS_MESSAGES = {
  receiptNotRetryable: {
    ru: 'Этот чек нельзя отправить повторно: чек платежа уходит вместе с платежом, а чек возврата — с возвратом',
    en: 'This receipt cannot be sent again: a payment’s receipt goes with the payment, a refund’s with the refund',
    es: 'Este recibo no se puede reenviar: el de un pago va con el pago y el de una devolución, con la devolución',
  },
  receiptAlreadySent: {
    ru: 'Этот чек уже отправлен',
    en: 'This receipt has already been sent',
    es: 'Este recibo ya se ha enviado',
  },
  receiptSent: {
    ru: 'Чек отправлен в ЮKassa',
    en: 'The receipt has been sent to YooKassa',
    es: 'El recibo se ha enviado a YooKassa',
  },
  receiptFailed: {
    ru: 'ЮKassa не приняла чек: причина указана у чека',
    en: 'YooKassa did not accept the receipt: the reason is shown with it',
    es: 'YooKassa no aceptó el recibo: el motivo se muestra junto a él',
  },
  refundNotAllowed: {
    ru: 'Вернуть деньги можно только за отменённый заказ, оплаченный картой или через PayPal',
    en: 'Only a cancelled order paid by card or through PayPal can be refunded',
    es: 'Solo se puede reembolsar un pedido cancelado pagado con tarjeta o con PayPal',
  },
  refundNotAvailable: {
    ru: 'Этот платёж возвращается в личном кабинете платёжной системы',
    en: 'This payment is refunded in the payment provider’s dashboard',
    es: 'Este pago se reembolsa en el panel del proveedor de pagos',
  },
  refundInProgress: {
    ru: 'Возврат по этому платежу уже проводится или проведён',
    en: 'This payment is already being refunded or has been refunded',
    es: 'Este pago ya se está reembolsando o ya se ha reembolsado',
  },
  refundFailed: {
    ru: 'ЮKassa не провела возврат. Попробуйте ещё раз позже',
    en: 'YooKassa did not make the refund. Try again later',
    es: 'YooKassa no realizó el reembolso. Inténtelo más tarde',
  },
  refundDone: {
    ru: 'Деньги возвращены покупателю',
    en: 'The money has been refunded to the customer',
    es: 'El dinero se ha reembolsado al cliente',
  },
  refundLinesNotAllowed: {
    ru: 'Вернуть деньги за позиции можно только у оплаченного заказа',
    en: 'Lines can only be refunded on a paid order',
    es: 'Solo se pueden reembolsar líneas de un pedido pagado',
  },
  refundLinesEmpty: {
    ru: 'Выберите хотя бы одну позицию для возврата',
    en: 'Choose at least one line to refund',
    es: 'Elija al menos una línea para reembolsar',
  },
  refundLineDuplicate: {
    ru: 'Каждая позиция указывается в возврате один раз',
    en: 'Each line can appear only once in a refund',
    es: 'Cada línea solo puede aparecer una vez en un reembolso',
  },
  refundLineUnknown: {
    ru: 'В этом заказе нет такой позиции',
    en: 'This order has no such line',
    es: 'Este pedido no tiene esa línea',
  },
  refundLineNotRefundable: {
    ru: 'Подарочный сертификат и оплату изделия на заказ нельзя вернуть по позиции',
    en: 'A gift certificate or a custom piece payment cannot be refunded by line',
    es: 'Un certificado de regalo o el pago de una pieza por encargo no se pueden reembolsar por línea',
  },
  refundQuantityExceeded: {
    ru: 'Столько единиц этой позиции вернуть нельзя: часть уже возвращена',
    en: 'That many units of this line cannot be refunded: some have already been refunded',
    es: 'No se pueden reembolsar tantas unidades de esta línea: algunas ya se han reembolsado',
  },
  refundAmountExceeded: {
    ru: 'Сумма возврата больше, чем осталось от платежа',
    en: 'The refund is more than what is left of the payment',
    es: 'El reembolso supera lo que queda del pago',
  },
  refundLinesDone: {
    ru: 'Деньги за выбранные позиции возвращены покупателю',
    en: 'The money for the chosen lines has been refunded to the customer',
    es: 'El dinero de las líneas elegidas se ha reembolsado al cliente',
  },
} satisfies Record<string, Texts>;
