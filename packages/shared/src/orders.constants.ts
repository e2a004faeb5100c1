/**
 * The order's value lists (statuses, payment methods, carriers): a module that imports nothing, so
 * the order labels (messages/order-labels.ts) are typed by them without importing orders.ts, whose
 * schemas take their error texts' keys from messages.ts. orders.ts re-exports every name.
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['card', 'paypal', 'cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Carriers whose parcels the admin can give a tracking number for. */
export const TRACKING_CARRIERS = ['russian_post', 'cdek', 'other'] as const;
export type TrackingCarrier = (typeof TRACKING_CARRIERS)[number];

/**
 * How the admin sends an order in one step (`POST /api/orders/:id/ship`): Russian Post and CDEK give
 * a tracking number (required), a courier and pickup from the workshop do not. A parcel's carrier is
 * stored with the order; `pickup` means "ready for pickup" (the order is then shipped: SPEC has no
 * status of its own for it).
 */
export const SHIP_CARRIERS = ['russian_post', 'cdek', 'courier', 'pickup'] as const;
export type ShipCarrier = (typeof SHIP_CARRIERS)[number];
