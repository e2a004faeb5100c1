/**
 * Texts of payments and digital delivery: the server's answers and the payment result pages'
 * head texts.
 */
import { pageTitle } from '../page-titles';
import type { PageText, Texts } from '../texts';

export const PAYMENTS_MESSAGES = {
  paymentCreationError: {
    ru: 'Ошибка создания платежа',
    en: 'Payment creation error',
    es: 'Error al crear el pago',
  },
  paypalRequestError: {
    ru: 'Ошибка отправки запроса PayPal',
    en: 'Error sending the PayPal request',
    es: 'Error al enviar la solicitud de PayPal',
  },
  paymentWrongMethod: {
    ru: 'Этот заказ оплачивается другим способом',
    en: 'This order is paid by another method',
    es: 'Este pedido se paga con otro método',
  },
  paymentMethodUnavailable: {
    ru: 'Этот способ оплаты сейчас недоступен для этой суммы — выберите другой',
    en: 'This way to pay is not available for this amount now — please choose another',
    es: 'Esta forma de pago no está disponible para este importe — elija otra',
  },
  paymentMethodsQueryInvalid: {
    ru: 'Укажите и сумму, и валюту',
    en: 'Give both the amount and the currency',
    es: 'Indique el importe y la moneda',
  },
  paypalCurrencyOnly: {
    ru: 'PayPal принимает оплату только в евро или долларах',
    en: 'PayPal accepts payment in euros or dollars only',
    es: 'PayPal solo acepta pagos en euros o dólares',
  },
  payLinkInvalid: {
    ru: 'Ссылка на оплату не найдена: проверьте, что она скопирована полностью',
    en: 'This payment link was not found: check that it was copied whole',
    es: 'No se encontró este enlace de pago: compruebe que se copió completo',
  },
  payLinkExpired: {
    ru: 'Срок действия этой ссылки на оплату истёк',
    en: 'This payment link has expired',
    es: 'Este enlace de pago ha caducado',
  },
  paymentAlreadyPaid: {
    ru: 'Этот заказ уже оплачен',
    en: 'This order is already paid',
    es: 'Este pedido ya está pagado',
  },
  paymentInProgress: {
    ru: 'Оплата этого заказа ещё не завершена: закончите или отмените её на странице оплаты либо попробуйте через несколько минут',
    en: 'A payment for this order is still open: finish or cancel it on the payment page, or try again in a few minutes',
    es: 'Un pago de este pedido sigue abierto: termínelo o cancélelo en la página de pago, o inténtelo de nuevo en unos minutos',
  },
  paymentUnknownProvider: {
    ru: 'Неизвестный платёжный сервис',
    en: 'Unknown payment provider',
    es: 'Proveedor de pago desconocido',
  },
  paymentNotificationRejected: {
    ru: 'Уведомление о платеже отклонено',
    en: 'The payment notification was rejected',
    es: 'La notificación de pago fue rechazada',
  },
  paymentSandboxLinkInvalid: {
    ru: 'Ссылка на оплату недействительна',
    en: 'This payment link is not valid',
    es: 'Este enlace de pago no es válido',
  },
  paymentSandboxClosed: {
    ru: 'Этот платёж уже завершён',
    en: 'This payment is already finished',
    es: 'Este pago ya ha finalizado',
  },
  manualPaymentNotAllowed: {
    ru: 'Вручную отмечаются только заказы с оплатой наличными, переводом или счётом PayPal',
    en: 'Only cash, bank transfer and PayPal invoice orders can be marked paid by hand',
    es: 'Solo los pedidos en efectivo, por transferencia o con factura PayPal se marcan como pagados a mano',
  },
  paymentReferenceRequired: {
    ru: 'Укажите номер платёжного документа',
    en: 'Enter the payment reference',
    es: 'Indique la referencia del pago',
  },
  orderMarkedPaid: {
    ru: 'Заказ отмечен как оплаченный',
    en: 'The order is marked as paid',
    es: 'El pedido se ha marcado como pagado',
  },
  downloadNotFound: {
    ru: 'Ссылка на скачивание не найдена',
    en: 'This download link does not exist',
    es: 'Este enlace de descarga no existe',
  },
  downloadExpired: {
    ru: 'Срок действия ссылки на скачивание истёк. Получите новую ссылку в личном кабинете',
    en: 'This download link has expired. Get a new one in your account',
    es: 'Este enlace de descarga ha caducado. Obtenga uno nuevo en su cuenta',
  },
  downloadUsedUp: {
    ru: 'Лимит скачиваний по этой ссылке исчерпан. Получите новую ссылку в личном кабинете',
    en: 'This download link has been used up. Get a new one in your account',
    es: 'Se agotaron las descargas de este enlace. Obtenga uno nuevo en su cuenta',
  },
  downloadOtherAccount: {
    ru: 'Эта ссылка на скачивание принадлежит другому аккаунту',
    en: 'This download link belongs to another account',
    es: 'Este enlace de descarga pertenece a otra cuenta',
  },
  downloadFileMissing: {
    ru: 'Файл временно недоступен, свяжитесь с администратором',
    en: 'The file is unavailable at the moment, please contact the administrator',
    es: 'El archivo no está disponible, contacte con el administrador',
  },
  downloadReissueLimit: {
    ru: 'Новые ссылки для этой книги больше не выдаются, свяжитесь с администратором',
    en: 'No more new links can be issued for this book, please contact the administrator',
    es: 'No se pueden emitir más enlaces para este libro, contacte con el administrador',
  },
  downloadOrderCancelled: {
    ru: 'Заказ отменён, скачивание по нему недоступно',
    en: 'This order was cancelled, so its downloads are closed',
    es: 'El pedido se canceló, sus descargas ya no están disponibles',
  },
  cardPaymentsUnavailable: {
    ru: 'Оплата картой сейчас недоступна. Выберите другой способ оплаты',
    en: 'Card payments are not available at the moment. Please choose another payment method',
    es: 'El pago con tarjeta no está disponible ahora. Elija otro método de pago',
  },
  paymentRateLimited: {
    ru: 'Слишком много запросов на оплату. Попробуйте снова через несколько минут',
    en: 'Too many payment requests. Please try again in a few minutes',
    es: 'Demasiadas solicitudes de pago. Inténtelo de nuevo en unos minutos',
  },
  paypalInvoiceRequested: {
    ru: 'Запрос отправлен: магазин пришлёт счёт PayPal на email вашего аккаунта',
    en: 'Request sent: the shop will email a PayPal invoice to your account address',
    es: 'Solicitud enviada: la tienda enviará una factura de PayPal al correo de su cuenta',
  },
  paypalInvoiceLinkSent: {
    ru: 'Ссылка на счёт PayPal отправлена покупателю',
    en: 'The PayPal invoice link has been sent to the customer',
    es: 'El enlace de la factura de PayPal se ha enviado al cliente',
  },
  paypalInvoiceNotManual: {
    ru: 'Для этого заказа счёт PayPal вручную не отправляется',
    en: 'This order does not take a PayPal invoice sent by hand',
    es: 'Este pedido no admite una factura de PayPal enviada a mano',
  },
  paypalInvoiceUrlInvalid: {
    ru: 'Укажите ссылку на счёт, начинающуюся с https://',
    en: 'Enter the invoice link starting with https://',
    es: 'Indique el enlace de la factura que empiece por https://',
  },
  paymentAlertResolved: {
    ru: 'Предупреждение отмечено как решённое',
    en: 'The alert is marked as resolved',
    es: 'La alerta se ha marcado como resuelta',
  },
  downloadReissued: {
    ru: 'Новая ссылка отправлена на ваш email',
    en: 'A new link has been sent to your email',
    es: 'Se ha enviado un nuevo enlace a su correo',
  },
} satisfies Record<string, Texts>;

export const PAYMENTS_PAGE_TEXTS = {
  paymentSuccess: { title: pageTitle('paymentSuccess') },
  paymentCancel: { title: pageTitle('paymentCancel') },
  paymentProcessing: { title: pageTitle('paymentProcessing') },
  payLink: { title: pageTitle('payLink') },
} satisfies Record<string, PageText>;
