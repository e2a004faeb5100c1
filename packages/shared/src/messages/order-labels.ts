/**
 * The order labels the web and the order mails share, in ru, en and es: a module of their own, so
 * the web's texts take them without the server's answers (messages/orders.ts re-exports them).
 */
import type { OrderStatus, PaymentMethod, ShipCarrier, TrackingCarrier } from '../orders.constants';
import type { Texts } from '../texts';

/**
 * Order status names (pending = awaiting payment, confirmed = paid, …) as the web shows
 * them on badges, filters and buttons and as the order mails write them (in a sentence, first
 * letter lowered). The one source of both.
 */
export const ORDER_STATUS_LABELS = {
  pending: { ru: 'Ожидает оплаты', en: 'Awaiting payment', es: 'Pendiente de pago' },
  confirmed: { ru: 'Оплачен', en: 'Paid', es: 'Pagado' },
  processing: { ru: 'В работе', en: 'Processing', es: 'En preparación' },
  shipped: { ru: 'Отправлен', en: 'Shipped', es: 'Enviado' },
  delivered: { ru: 'Доставлен', en: 'Delivered', es: 'Entregado' },
  cancelled: { ru: 'Отменён', en: 'Cancelled', es: 'Cancelado' },
} satisfies Record<OrderStatus, Texts>;

/** Payment method names: the checkout's choices, the order pages and the order mails. */
export const PAYMENT_METHOD_LABELS = {
  card: { ru: 'Онлайн', en: 'Online', es: 'En línea' },
  paypal: { ru: 'PayPal (евро / доллары)', en: 'PayPal (euro / dollars)', es: 'PayPal (euros / dólares)' },
  cash: { ru: 'Наличными при получении', en: 'Cash on receipt', es: 'Efectivo a la entrega' },
  bank_transfer: { ru: 'Банковский перевод', en: 'Bank transfer', es: 'Transferencia bancaria' },
} satisfies Record<PaymentMethod, Texts>;

/** Carrier names for a parcel's tracking number: the admin's choice, the order page, the mails. */
export const TRACKING_CARRIER_LABELS = {
  russian_post: { ru: 'Почта России', en: 'Russian Post', es: 'Correos de Rusia' },
  cdek: { ru: 'СДЭК', en: 'CDEK', es: 'CDEK' },
  other: { ru: 'Другая служба', en: 'Another carrier', es: 'Otra empresa' },
} satisfies Record<TrackingCarrier, Texts>;

/** How the admin sends an order (the ship dialog, packing slips, the order page). */
export const SHIP_CARRIER_LABELS = {
  russian_post: { ru: 'Почта России', en: 'Russian Post', es: 'Correos de Rusia' },
  cdek: { ru: 'СДЭК', en: 'CDEK', es: 'CDEK' },
  courier: { ru: 'Курьер', en: 'Courier', es: 'Mensajero' },
  pickup: { ru: 'Самовывоз из мастерской', en: 'Pickup from the workshop', es: 'Recogida en el taller' },
} satisfies Record<ShipCarrier, Texts>;
