/**
 * Buying one lesson or one course at once (the purchase dialog, not the cart), the same steps for
 * both, in one transaction:
 *   offer     the item on sale to this user (404 unpublished; 409 owned or sold out)
 *   currency  the order's currency: the item must have a price in it (400 NOT_SOLD_IN_CURRENCY);
 *             roubles are paid by card, euros and dollars through PayPal (as goods orders are)
 *   consents  the ones this purchase asks for (`purchaseConsents`: cross-border for PayPal),
 *             checked before anything is written and recorded with the placed order
 *   check     the promo code, before the transaction, for a precise message
 *   redeem    one use of the code (atomic; the promo-codes service decides)
 *   credit    what the user already paid toward it (lessons of a course bought singly)
 *   place     a one-line order with the discount: list price − (price after the code − credit, ≥ 0);
 *             placing it takes a seat of a seat-limited master class (atomic; 409 SOLD_OUT)
 *   gift      a gift certificate in the order's currency pays what it can of the rest (orders decides)
 * A zero total, or one a gift certificate pays in full, is confirmed by orders at once, and the
 * `orderConfirmed` listener grants the item in that same transaction; otherwise the order is pending and the web pays it through
 * `POST /api/payments` (card) or `POST /api/payments/paypal-request` (PayPal). Cancelling it later
 * gives back the seat and the code use (src/events.ts).
 */
import {
  applyPercentOff,
  type ConsentKind,
  type Currency,
  fromMinor,
  type Language,
  type PaymentMethod,
  type PurchaseResult,
  purchaseConsents,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { InvalidInput } from '../../platform/errors';
import type { PromoCodesService } from '../promo-codes/promo-codes.service';
import type { PurchaseOffer, Seller } from './orders.schemas';
import type { PlaceOrder } from './orders.service';

export interface PurchaseInput {
  promoCode?: string | undefined;
  currency: Currency;
  /** A gift certificate in `currency`: it pays what it can, the rest is paid as usual. */
  giftCertificateCode?: string | undefined;
  /**
   * Checks the consents the purchase asks for (they depend on the item's price in the currency),
   * refusing before anything is written, and gives what records them in the order's transaction.
   */
  consents: (asked: ConsentKind[]) => Promise<(tx: Tx, orderId: string) => Promise<void>>;
}

export function splitName(user: SessionUser): { firstName: string; lastName: string } {
  if (user.firstName || user.lastName) return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const [first = user.name, ...rest] = user.name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

const LIST_PRICE: Record<Currency, keyof PurchaseOffer & `price${string}Minor`> = {
  RUB: 'priceRubMinor',
  EUR: 'priceEurMinor',
  USD: 'priceUsdMinor',
};

/** The one online way to pay in each currency: card for roubles, PayPal for euros and dollars. */
export const ONLINE_PAYMENT_METHOD: Record<Currency, PaymentMethod> = { RUB: 'card', EUR: 'paypal', USD: 'paypal' };

export function createPurchase({
  db,
  placeOrder,
  promoCodes,
  sellers,
}: {
  db: Db;
  placeOrder: PlaceOrder;
  promoCodes: Pick<PromoCodesService, 'quote' | 'redeem'>;
  sellers: Record<'lesson' | 'course', Seller>;
}) {
  return async function purchase(
    user: SessionUser,
    item: { type: 'lesson' | 'course'; id: string },
    input: PurchaseInput,
    language: Language,
  ): Promise<PurchaseResult> {
    const seller = sellers[item.type];
    const offer = await seller.offer(user.id, item.id);
    if (offer[LIST_PRICE[input.currency]] === null) {
      throw new InvalidInput(
        'itemNotSoldInCurrency',
        { items: [{ type: offer.type, id: offer.id }], currency: input.currency },
        'NOT_SOLD_IN_CURRENCY',
      );
    }
    const recordConsents = await input.consents(
      purchaseConsents(input.currency, offer[LIST_PRICE[input.currency]] ?? 0),
    );
    const target = { type: offer.type, id: offer.id };
    const code = input.promoCode?.trim() || undefined;
    // Checked before the transaction for a precise message; the atomic redemption inside decides.
    if (code) await promoCodes.quote(code, target);

    const order = await db.transaction(async (tx) => {
      const promo = code ? await promoCodes.redeem(tx, code, target) : null;
      const afterPromo = promo ? applyPercentOff(offer.priceRubMinor, promo.percentOff) : offer.priceRubMinor;
      const credit = (await seller.credit?.(tx, user.id, offer)) ?? 0;
      const discountMinor = offer.priceRubMinor - Math.max(afterPromo - credit, 0);
      const placed = await placeOrder(tx, {
        userId: user.id,
        lines: [{ type: offer.type, id: offer.id, quantity: 1 }],
        customer: { ...splitName(user), email: user.email ?? '', phone: user.phone ?? '' },
        paymentMethod: ONLINE_PAYMENT_METHOD[input.currency],
        currency: input.currency,
        language,
        giftCertificateCode: input.giftCertificateCode,
        // promoCodeId null: a discount without a code (a course's credit for lessons already bought).
        ...(promo || discountMinor > 0
          ? { promo: { promoCodeId: promo?.id ?? null, discountRub: fromMinor(discountMinor) } }
          : {}),
      });
      await recordConsents(tx, placed.id);
      return placed;
    });
    if (offer.limited) seller.settled?.();
    return { purchased: order.status === 'confirmed', order };
  };
}
export type Purchase = ReturnType<typeof createPurchase>;
