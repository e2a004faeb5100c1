/**
 * Payment and digital-delivery shapes (DESIGN §5 `POST /payments`, `POST /payments/paypal-request`,
 * `GET /downloads/{token}`), plus their server messages (spread into SERVER_MESSAGES).
 */
import { z } from 'zod';
import { EmailSchema } from './auth';

type Texts = { ru: string; en: string; es: string };

export const PAYMENT_MESSAGES = {
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
  paypalLinkSent: {
    ru: 'Ссылка на оплату отправлена на указанный email',
    en: 'The payment link has been sent to the given email',
    es: 'El enlace de pago se ha enviado al correo indicado',
  },
  paypalLinkSentToAccount: {
    ru: 'Ссылка на оплату отправлена на email вашего аккаунта',
    en: 'The payment link has been sent to your account email',
    es: 'El enlace de pago se ha enviado al correo de su cuenta',
  },
  paymentWrongMethod: {
    ru: 'Этот заказ оплачивается другим способом',
    en: 'This order is paid by another method',
    es: 'Este pedido se paga con otro método',
  },
  paypalCurrencyOnly: {
    ru: 'PayPal принимает оплату только в евро или долларах',
    en: 'PayPal accepts payment in euros or dollars only',
    es: 'PayPal solo acepta pagos en euros o dólares',
  },
  paymentAlreadyPaid: {
    ru: 'Этот заказ уже оплачен',
    en: 'This order is already paid',
    es: 'Este pedido ya está pagado',
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

export const CreatePaymentBody = z.object({ orderId: z.uuid() }).strict();
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;

export const PaypalRequestBody = z.object({ orderId: z.uuid(), email: EmailSchema }).strict();
export type PaypalRequestBody = z.infer<typeof PaypalRequestBody>;

/** How the buyer continues: `redirect` to the provider's page, an invoice mailed, or instructions. */
export const PaymentStartSchema = z.object({
  paymentId: z.uuid().nullable(),
  orderNumber: z.number().int(),
  /** invoice_requested: PayPal without the API — the shop mails an invoice link later. */
  kind: z.enum(['redirect', 'invoice', 'invoice_requested', 'instructions', 'confirmed']),
  redirectUrl: z.string().nullable(),
  /** Cash and bank transfer: what to do (bank details from config), in the request language. */
  instructions: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/** What the checkout and lesson purchase may offer (GET /payments/methods). */
export const PaymentMethodsSchema = z.object({
  /** false with PAYMENT_PROVIDER=none: card is not offered and the server refuses it. */
  card: z.boolean(),
  /** api: PayPal invoice at once; sandbox: the demo page; manual: the shop sends an invoice link by hand. */
  paypal: z.enum(['api', 'sandbox', 'manual']),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

/** A PayPal invoice the owner sends by hand (PayPal API not configured). */
export const PaypalInvoiceSchema = z.object({
  state: z.enum(['requested', 'sent']),
  url: z.string().nullable(),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PaypalInvoice = z.infer<typeof PaypalInvoiceSchema>;

export const SendPaypalInvoiceBody = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .pipe(z.url({ protocol: /^https$/, error: 'paypalInvoiceUrlInvalid' })),
  })
  .strict();
export type SendPaypalInvoiceBody = z.infer<typeof SendPaypalInvoiceBody>;

export const PAYMENT_ALERT_KINDS = ['order_not_pending', 'order_cancelled', 'amount_mismatch'] as const;
export type PaymentAlertKind = (typeof PAYMENT_ALERT_KINDS)[number];

/** A provider notification we could not simply apply: money may need refunding or checking. */
export const PaymentAlertSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  provider: z.string(),
  kind: z.enum(PAYMENT_ALERT_KINDS),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PaymentAlert = z.infer<typeof PaymentAlertSchema>;

export const MarkPaidBody = z
  .object({ reference: z.string().trim().min(1, 'paymentReferenceRequired').max(200) })
  .strict();
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

export const DOWNLOAD_STATES = ['active', 'expired', 'used_up'] as const;

/** One digital book in the account: the link itself is only in the mail (stored hashed). */
export const DownloadSchema = z.object({
  id: z.uuid(),
  orderNumber: z.number().int(),
  productId: z.uuid().nullable(),
  name: z.object({ ru: z.string(), en: z.string().optional(), es: z.string().optional() }),
  state: z.enum(DOWNLOAD_STATES),
  expiresAt: z.string(),
  downloadsLeft: z.number().int().nonnegative(),
  maxDownloads: z.number().int().positive(),
  reissuesLeft: z.number().int().nonnegative(),
});
export type Download = z.infer<typeof DownloadSchema>;

/** A re-issued link, also mailed; shown once so the account can start the download at once. */
export const ReissuedDownloadSchema = z.object({ download: DownloadSchema, url: z.string() });
export type ReissuedDownload = z.infer<typeof ReissuedDownloadSchema>;
