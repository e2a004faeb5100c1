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
  kind: z.enum(['redirect', 'invoice', 'instructions', 'confirmed']),
  redirectUrl: z.string().nullable(),
  /** Cash and bank transfer: what to do (bank details from config), in the request language. */
  instructions: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

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
