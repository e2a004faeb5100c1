import type { MyGiftCertificate, Order } from '@atelier/shared';

/**
 * What the thank-you page says happens next, from what was bought: a parcel is prepared and
 * tracked; lessons, courses and e-books are ready at once (nothing is prepared or shipped); a gift
 * certificate goes to the recipient's address by mail, on its day.
 */
export type ThanksHeadline =
  | 'orders.thanks.cancelled'
  | 'orders.thanks.paid'
  | 'orders.thanks.paidReady'
  | 'orders.thanks.paidGift'
  | 'orders.thanks.placedPayLater'
  | 'orders.thanks.awaitingPayment';

/** A parcel goes out: only then is anything "prepared" or given a tracking number. */
export const shipsParcel = (order: Pick<Order, 'delivery'>): boolean => order.delivery.method !== 'none';

const giftOnly = (order: Pick<Order, 'items'>): boolean =>
  order.items.length > 0 && order.items.every((item) => item.type === 'gift_certificate');

export function thanksHeadline(order: Pick<Order, 'status' | 'paymentMethod' | 'delivery' | 'items'>, paid: boolean) {
  if (order.status === 'cancelled') return 'orders.thanks.cancelled' satisfies ThanksHeadline;
  if (paid) {
    if (shipsParcel(order)) return 'orders.thanks.paid' satisfies ThanksHeadline;
    return (giftOnly(order) ? 'orders.thanks.paidGift' : 'orders.thanks.paidReady') satisfies ThanksHeadline;
  }
  return (
    order.paymentMethod === 'cash' || order.paymentMethod === 'bank_transfer'
      ? 'orders.thanks.placedPayLater'
      : 'orders.thanks.awaitingPayment'
  ) satisfies ThanksHeadline;
}

/** Where the certificate of a gift order goes, and when (null while it is not known). */
export interface GiftNote {
  key:
    | 'orders.thanks.giftMailed'
    | 'orders.thanks.giftSending'
    | 'orders.thanks.giftScheduled'
    | 'orders.thanks.giftAfterPayment';
  email: string;
  /** The delivery day (YYYY-MM-DD) of a certificate mailed later. */
  date?: string;
}

export function giftNote(
  certificate: Pick<MyGiftCertificate, 'recipientEmail' | 'deliveryDate' | 'deliveredAt'> | undefined,
  paid: boolean,
  today: string,
): GiftNote | null {
  const email = certificate?.recipientEmail;
  if (!certificate || !email) return null;
  if (!paid) return { key: 'orders.thanks.giftAfterPayment', email };
  if (certificate.deliveredAt) return { key: 'orders.thanks.giftMailed', email };
  if (certificate.deliveryDate && certificate.deliveryDate > today) {
    return { key: 'orders.thanks.giftScheduled', email, date: certificate.deliveryDate };
  }
  return { key: 'orders.thanks.giftSending', email };
}

/** Today in the visitor's calendar, YYYY-MM-DD (a delivery day after it is still to come). */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
