/**
 * Checkout: placing an order (`POST /api/orders`) and buying one lesson or course at once (the
 * purchase dialog) are one pipeline, read top to bottom in `place`:
 *   price      every line from the catalogue in the order's currency (400 unavailable or not sold
 *              in it; 409 already owned, sold out, short of stock);
 *   delivery   where the goods go and what that costs: the method's flat price or the carrier's
 *              (CDEK), free from the shop's threshold; nothing to ship, no delivery;
 *   discounts  a promo code's discount or a course's credit, and the totals (pricing.ts, pure);
 *   gift       a gift certificate in the order's currency pays what it can (locked, decided before
 *              the write so the first mail already says what is left to pay);
 *   reserve    the customer locked (their checkouts queue, so the open-orders limit holds), counted
 *              stock taken atomically (all or nothing), a seat of each seat-limited master class;
 *   write      the order and its first history entry (orders writes them); the lines leave the cart;
 *   consents   the ones the checkout asked for, recorded with the order;
 *   confirm    a zero total, or one a gift certificate pays in full, is confirmed at once (the
 *              `orderConfirmed` listeners grant what it bought in the same transaction);
 *   mail       a cash or transfer order gets its one "awaiting payment" mail (online: once paid).
 * Everything from `gift` on runs in one transaction; any refusal rolls it all back. Buying one item
 * adds its own steps in front (`purchase`: the offer, the consents it asks for, the promo code
 * redeemed, the credit) and then places a one-line order through the same pipeline. Orders it
 * places are then the `orders` feature's: status machine, history, mails, payments.
 */
import {
  ADDRESS_REQUIRED,
  aggregateReservations,
  type CdekEstimate,
  type CdekEstimateBody,
  type CdekQuote,
  type CdekQuoteBody,
  type CreateOrderBody,
  type Currency,
  DEFAULT_SHIPPING_COUNTRIES,
  EXCHANGE_RATES_RUB,
  fromMinor,
  type Language,
  type Order,
  type OrderLineType,
  type OrderQuote,
  type OrderQuoteBody,
  type PaymentMethod,
  type PurchaseResult,
  paymentMethodAllowed,
  paymentMethodsTo,
  purchaseConsents,
  rubMinorIn,
  toMinor,
} from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../platform/auth/sessions';
import { Conflict, InvalidFields, InvalidInput } from '../../platform/errors';
import type { DeliveryCarrier, GiftCertificatePayer } from '../orders/orders.schemas';
import type { OrderDraft, OrdersService } from '../orders/orders.service';
import type { PromoCodesService } from '../promo-codes/promo-codes.service';
import { deliveryOf, parcelOf, quoteDelivery } from './checkout.delivery';
import { heldByKind, isSellableKind, namesByCounter } from './checkout.held';
import { capUnpaidHold } from './checkout.holds';
import { priceLines, stockExceeded } from './checkout.lines';
import { toQuote } from './checkout.quote';
import type {
  CheckoutCatalog,
  CustomOrderPaymentInput,
  GiftCertificateOrderInput,
  PlaceOrderInput,
  PlaceOrderLine,
  PurchaseInput,
  PurchaseOffer,
  RecordConsents,
  Sellables,
} from './checkout.schemas';
import {
  amountDue,
  giftShare,
  goodsForFreeDelivery,
  lineAmounts,
  oneLineTotalRub,
  priceOrder,
  purchaseDiscount,
} from './pricing';

type Q = Db | Tx;
type OrderMails = 'mailAwaitingPayment';

export interface CheckoutDeps {
  db: Db;
  /** Where placed orders are written and confirmed. */
  orders: Pick<OrdersService, 'lockCustomer' | 'insertPlaced' | 'confirmAtOnce' | 'splitByHoldCaps' | OrderMails>;
  catalog: CheckoutCatalog;
  /** What can be sold, one registration per kind: how each line of an order is priced. */
  sellables: Sellables;
  promoCodes: Pick<PromoCodesService, 'quote' | 'redeem'>;
  /** Pays orders with a gift certificate code (the gift-certificates ledger); without it a code is refused. */
  giftCertificates?: GiftCertificatePayer | undefined;
  /** false with PAYMENT_PROVIDER=none: an order to be paid by card is refused (a free one is fine). */
  cardPayments?: boolean | undefined;
  /**
   * Prices delivery to a carrier's pickup point (courier_pickup) when set: CDEK, when configured.
   * Without it courier_pickup is the flat price with a pickup point typed by the customer.
   */
  carrier?: DeliveryCarrier | undefined;
  /**
   * The user's server cart: placing an order takes its lines off it in the order's transaction
   * (docs/decisions/0051).
   */
  cart?: { endOrdered(tx: Tx, userId: string, ordered: PlaceOrderLine[]): Promise<void> } | undefined;
  /** Where physical goods may be sent (the owner's setting); without it, the default list. */
  shipping?: { shippingCountries(q: Q): Promise<readonly string[]> } | undefined;
  /** A bank-transfer order's payment link valid for days (payments, 0083), for the order's own mail. */
  payLinks?: { issuePayLink(tx: Tx, orderId: string, options: { mail: false }): Promise<string | null> } | undefined;
  /**
   * "Remember my details" at checkout: her name and phone to her profile, the delivery address to
   * her address book, in the order's transaction (the addresses feature).
   */
  details?:
    | {
        remember(
          tx: Tx,
          userId: string,
          details: {
            contact: { firstName: string; lastName: string; phone: string };
            address?: CreateOrderBody['delivery'];
          },
        ): Promise<void>;
      }
    | undefined;
}

/** An order priced and ready to write, and the lines that take a seat (one unit each, not recorded as reserved). */
interface Plan extends OrderDraft {
  seats: { type: OrderLineType; refId: string }[];
}

/** What a gift certificate pays of an order, held in its transaction. */
interface GiftPayment {
  certificateId: string;
  amountMinor: number;
  covers: boolean;
}

/** Nobody's account (a guest's quote): owns nothing, has no credit. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

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

export function createCheckoutService({
  db,
  orders,
  catalog,
  sellables,
  promoCodes,
  giftCertificates,
  cardPayments = true,
  carrier,
  cart,
  shipping,
  payLinks,
  details,
}: CheckoutDeps) {
  const shippingCountries = (q: Q) => shipping?.shippingCountries(q) ?? Promise.resolve(DEFAULT_SHIPPING_COUNTRIES);

  // ---------------------------------------------------------------- price → delivery → discounts

  /**
   * Everything an order needs before it is written: lines priced from the database, delivery,
   * discount and totals (RUB and the order's currency), the stock and seats to take.
   */
  async function prepare(q: Q, input: PlaceOrderInput): Promise<Plan> {
    if (!paymentMethodAllowed(input.paymentMethod, input.currency)) {
      throw new InvalidFields('paymentMethodNotAllowed', [
        { field: 'paymentMethod', message: 'paymentMethodNotAllowed' },
      ]);
    }
    const lines = await priceLines(sellables, q, input);
    if (lines.length === 0) throw new InvalidInput('orderEmpty');
    const { delivery, country, pricing } = await deliveryOf(
      carrier,
      lines,
      input.delivery,
      input.language,
      lines.some((line) => line.physical) ? await shippingCountries(q) : [],
    );
    if (!paymentMethodsTo(input.currency, country).includes(input.paymentMethod)) {
      throw new InvalidFields('paymentMethodNotToCountry', [
        { field: 'paymentMethod', message: 'paymentMethodNotToCountry' },
      ]);
    }
    const totals = priceOrder(lines, input.currency, pricing, input.promo);
    if (input.paymentMethod === 'card' && totals.total > 0 && !cardPayments) {
      throw new InvalidFields(
        'cardPaymentsUnavailable',
        [{ field: 'paymentMethod', message: 'cardPaymentsUnavailable' }],
        'CARD_PAYMENTS_UNAVAILABLE',
      );
    }
    return {
      order: {
        userId: input.userId,
        customer: {
          firstName: input.customer.firstName,
          lastName: input.customer.lastName,
          email: input.customer.email,
          phone: input.customer.phone,
        },
        delivery,
        paymentMethod: input.paymentMethod,
        currency: input.currency,
        exchangeSnapshot: { [input.currency]: totals.rate, RUB: 1 },
        subtotalRub: totals.subtotal,
        discountRub: totals.discount,
        deliveryCostRub: totals.deliveryCost,
        totalRub: totals.total,
        totalInCurrency: totals.totalInCurrency,
        promoCodeId: input.promo?.promoCodeId ?? null,
        comment: input.comment ? input.comment : null,
        language: input.language,
      },
      items: lines.map((line) => ({
        type: line.type,
        productId: line.type === 'product' ? line.refId : null,
        lessonId: line.type === 'lesson' ? line.refId : null,
        courseId: line.type === 'course' ? line.refId : null,
        bookFormat: line.bookFormat,
        variantId: line.variantId,
        name: line.name,
        unitPriceRub: line.unitRubMinor,
        unitPriceInCurrency: input.currency === 'RUB' ? null : line.unitCurrencyMinor,
        quantity: line.quantity,
        reservedQuantity: line.reserve ? line.quantity : 0,
      })),
      // One reservation per product, in id order, so two orders never wait on each other's rows.
      reservations: aggregateReservations(
        lines
          .filter((line) => line.reserve)
          .map((line) => ({ productId: line.refId, variantId: line.variantId, quantity: line.quantity })),
      ),
      // In id order, like the stock, so two orders never wait on each other's rows.
      seats: lines
        .filter((line) => line.seat)
        .map((line) => ({ type: line.type, refId: line.refId }))
        .sort((a, b) => (a.refId < b.refId ? -1 : a.refId > b.refId ? 1 : 0)),
      total: totals.total,
      // A zero total is confirmed at once and holds nothing unpaid: the open-orders limit does not apply.
      limitOpenUnpaid: totals.total > 0,
    };
  }

  // ---------------------------------------------------------------- gift certificate

  /**
   * A gift certificate pays what it can of the order (in the order's currency): its row is locked
   * for the rest of the transaction and the amount is decided here, before the order is written,
   * so the first mail already says what is left to pay. Spending it (`spend`, after the order has
   * its id) happens in the same transaction, so two checkouts never spend one balance twice.
   */
  async function holdGift(
    tx: Tx,
    plan: Plan,
    code: string | undefined,
  ): Promise<{ plan: Plan; gift: GiftPayment | null }> {
    if (!code?.trim() || plan.total === 0) return { plan, gift: null };
    if (!giftCertificates) throw new InvalidInput('giftCodeInvalid', undefined, 'GIFT_CODE_INVALID');
    const order = plan.order;
    const currency = order.currency ?? 'RUB';
    const dueMinor = amountDue({ currency, totalRub: order.totalRub, totalInCurrency: order.totalInCurrency ?? null });
    const held = await giftCertificates.hold(tx, { code, currency, dueMinor });
    const share = giftShare(order.totalRub, dueMinor, held.amountMinor);
    return {
      plan: {
        ...plan,
        order: { ...order, giftCertificateMinor: share.minor, giftCertificateRub: share.rub },
        // Paid in full by the certificate: nothing is left unpaid, so the open-orders limit does not apply.
        limitOpenUnpaid: share.covers ? false : plan.limitOpenUnpaid,
      },
      gift: { certificateId: held.certificateId, amountMinor: held.amountMinor, covers: share.covers },
    };
  }

  // ---------------------------------------------------------------- reserve

  /**
   * Inside the caller's transaction: locks the customer (their checkouts queue here, so the
   * open-orders limit holds under concurrency), then each kind's registration takes what its lines
   * hold (counted stock as the unpaid-hold caps left it, all or nothing; a seat of each
   * seat-limited master class). Any 409 must roll the transaction back. Whether the order took the
   * last of something (that shortens how long it may stay unpaid).
   */
  async function reserve(tx: Tx, plan: Plan): Promise<{ holdsScarce: boolean }> {
    const userId = plan.order.userId;
    if (plan.limitOpenUnpaid && userId) await orders.lockCustomer(tx, userId);
    let holdsScarce = false;
    for (const [kind, lines] of heldByKind(plan)) {
      const taken = await sellables[kind].reserve?.(tx, lines, userId ?? NO_ACCOUNT);
      if (!taken) continue;
      if (taken.short.length > 0) {
        const names = namesByCounter(plan);
        throw stockExceeded(
          taken.short.map(({ refId, variantId, requested, available }) => ({
            productId: refId,
            ...(variantId ? { variantId } : {}),
            requested,
            available,
          })),
          (key) => names.get(key),
        );
      }
      holdsScarce ||= taken.tookLast;
    }
    return { holdsScarce: userId ? holdsScarce : false };
  }

  /** After the order committed: each kind it took a limited supply of refreshes what shows it. */
  function settled(plan: Plan): void {
    for (const kind of heldByKind(plan).keys()) sellables[kind].settled?.();
  }

  // ---------------------------------------------------------------- write

  /** The order written by orders (409 past the open-orders limit); the cart ends with it. */
  async function write(tx: Tx, plan: Plan, holdsScarce: boolean): Promise<Order> {
    const order = await orders.insertPlaced(tx, { ...plan, order: { ...plan.order, holdsScarce } });
    // The cart ends with the order, in its transaction: exactly the ordered lines come off it.
    const userId = plan.order.userId;
    if (cart && userId) {
      const ordered = order.items.flatMap((item): PlaceOrderLine[] => {
        const id = item.refId;
        if (!id || !isSellableKind(item.type)) return [];
        return [
          {
            type: item.type,
            id,
            quantity: item.quantity,
            ...(item.bookFormat ? { bookFormat: item.bookFormat } : {}),
            ...(item.variantId ? { variantId: item.variantId } : {}),
          },
        ];
      });
      await cart.endOrdered(tx, userId, ordered);
    }
    return order;
  }

  // ---------------------------------------------------------------- the pipeline

  /**
   * Gift certificate → reserve → write → consents → spend the certificate → confirm if nothing is
   * left to pay, inside `tx`, for an order priced by `prepare`.
   */
  async function place(
    tx: Tx,
    priced: Plan,
    code: string | undefined,
    actorUserId: string | null,
    recordConsents?: RecordConsents,
  ): Promise<Order> {
    const { plan: held, gift } = await holdGift(tx, priced, code);
    const plan = await capUnpaidHold(orders, tx, held);
    const { holdsScarce } = await reserve(tx, plan);
    const order = await write(tx, plan, holdsScarce);
    await recordConsents?.(tx, order);
    if (gift) {
      await giftCertificates!.spend(tx, {
        certificateId: gift.certificateId,
        amountMinor: gift.amountMinor,
        orderId: order.id,
        actorUserId,
      });
    }
    if (plan.total === 0) return orders.confirmAtOnce(tx, order.id, 'zero total');
    if (gift?.covers) return orders.confirmAtOnce(tx, order.id, 'gift certificate');
    // The reply of a checkout: the rows just written (GET /orders/{id} adds the history).
    return order;
  }

  /** Places an order inside the caller's transaction: the whole pipeline. */
  async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<Order> {
    const plan = await prepare(tx, input);
    return place(tx, plan, input.giftCertificateCode, input.userId);
  }

  /** One line of `type` for `amountMinor` in `currency`, nothing to deliver, paid online (gift certificates, custom pieces). */
  async function placeOneLineOrder(
    tx: Tx,
    input: GiftCertificateOrderInput,
    type: 'gift_certificate' | 'custom_order',
  ): Promise<Order> {
    const paymentMethod = ONLINE_PAYMENT_METHOD[input.currency];
    if (paymentMethod === 'card' && !cardPayments) {
      throw new InvalidInput('cardPaymentsUnavailable', undefined, 'CARD_PAYMENTS_UNAVAILABLE');
    }
    const totalRub = oneLineTotalRub(input.currency, input.amountMinor);
    const { user } = input;
    const plan: Plan = {
      order: {
        userId: user.id,
        // The account's details: the purchase dialog asks for none.
        customer: { ...splitName(user), email: user.email ?? '', phone: user.phone ?? '' },
        delivery: { method: 'none' },
        paymentMethod,
        currency: input.currency,
        exchangeSnapshot: { [input.currency]: EXCHANGE_RATES_RUB[input.currency], RUB: 1 },
        subtotalRub: totalRub,
        discountRub: 0,
        deliveryCostRub: 0,
        totalRub,
        totalInCurrency: input.currency === 'RUB' ? totalRub : input.amountMinor,
        promoCodeId: null,
        comment: null,
        language: input.language,
      },
      items: [
        {
          type,
          productId: null,
          lessonId: null,
          courseId: null,
          bookFormat: null,
          name: input.name,
          unitPriceRub: totalRub,
          unitPriceInCurrency: input.currency === 'RUB' ? null : input.amountMinor,
          quantity: 1,
          reservedQuantity: 0,
        },
      ],
      reservations: [],
      seats: [],
      total: totalRub,
      limitOpenUnpaid: true,
    };
    const { holdsScarce } = await reserve(tx, plan);
    return write(tx, plan, holdsScarce);
  }

  /**
   * What the order of `body` would cost if placed now, priced by the very steps `prepare` takes:
   * the lines from the catalogue, the discounts, delivery to the destination with its options, and
   * what a gift certificate pays. Nothing is written or locked. An address still being typed is no
   * error: delivery is priced once the chosen method is one the destination allows (and, with a
   * carrier, once its point is chosen).
   */
  async function quote(userId: string | null, body: OrderQuoteBody, language: Language): Promise<OrderQuote> {
    const currency = body.currency;
    const lines = await priceLines(sellables, db, {
      userId: userId ?? NO_ACCOUNT,
      lines: body.items,
      customer: { firstName: '', lastName: '', email: '', phone: '' },
      paymentMethod: body.paymentMethod ?? ONLINE_PAYMENT_METHOD[currency],
      currency,
      language,
    });
    const physical = lines.some((line) => line.physical);
    const goods = goodsForFreeDelivery(lineAmounts(lines, undefined));
    const delivery = await quoteDelivery(
      carrier,
      lines,
      body.delivery,
      currency,
      goods,
      physical ? await shippingCountries(db) : [],
    );
    const price = priceOrder(lines, currency, delivery?.pricing ?? { method: 'none' }, undefined);
    const due = price.totalInCurrency;
    // What a gift certificate would pay: the ledger's rule, read without a lock (placing holds it).
    const code = body.giftCertificateCode?.trim();
    let paid = 0;
    if (code && due > 0) {
      if (!giftCertificates) throw new InvalidInput('giftCodeInvalid', undefined, 'GIFT_CODE_INVALID');
      paid = await giftCertificates.quote({ code, currency, dueMinor: due });
    }
    return toQuote({ price, delivery, goods, paidMinor: paid, physical, cardPayments });
  }

  return {
    placeOrder,
    quote,

    /**
     * `POST /api/orders`: the customer's checkout in its own transaction; `recordConsents` runs in
     * it once the order is written (the consents given at checkout).
     */
    async create(
      userId: string,
      body: CreateOrderBody,
      language: Language,
      recordConsents?: RecordConsents,
    ): Promise<Order> {
      // Priced outside the transaction: it then holds the customer's lock and the stock rows only
      // for the writes.
      const plan = await prepare(db, {
        userId,
        lines: body.items,
        customer: body.customer,
        delivery: body.delivery,
        paymentMethod: body.paymentMethod,
        currency: body.currency,
        language,
        comment: body.comment,
        giftCertificateCode: body.giftCertificateCode,
      });
      const order = await db.transaction(async (tx) => {
        const placed = await place(tx, plan, body.giftCertificateCode, userId, recordConsents);
        if (body.rememberDetails) {
          const typed = body.delivery && ADDRESS_REQUIRED[body.delivery.method] ? body.delivery : undefined;
          await details?.remember(tx, userId, { contact: body.customer, address: typed });
        }
        // A transfer takes days: the customer may pay online instead, by a link that waits as long;
        // it comes in the order's one mail, with how to pay.
        const transfer = placed.paymentMethod === 'bank_transfer' && placed.status === 'pending';
        const payLink = transfer ? await payLinks?.issuePayLink(tx, placed.id, { mail: false }) : null;
        await orders.mailAwaitingPayment(tx, placed.id, { payLink: payLink ?? null });
        return placed;
      });
      settled(plan);
      return order;
    },

    /**
     * Buys one lesson or one course at once (the purchase dialog, not the cart), in one transaction:
     *   offer     the item on sale to this user (404 unpublished; 409 owned or sold out)
     *   currency  the item must have a price in the order's currency (400 NOT_SOLD_IN_CURRENCY);
     *             roubles are paid by card, euros and dollars through PayPal (as goods orders are)
     *   consents  the ones this purchase asks for (`purchaseConsents`: cross-border for PayPal),
     *             checked before anything is written and recorded with the placed order
     *   check     the promo code, before the transaction, for a precise message
     *   redeem    one use of the code (atomic; the promo-codes service decides)
     *   credit    what the user already paid toward it (lessons of a course bought singly)
     *   place     a one-line order through the pipeline with the discount (pricing.ts
     *             `purchaseDiscount`); placing it takes a seat of a seat-limited master class
     * A zero total, or one a gift certificate pays in full, is confirmed at once; otherwise the
     * order is pending and the web pays it through `POST /api/payments` (card) or
     * `POST /api/payments/paypal-request` (PayPal). Cancelling it later gives back the seat and the
     * code use (src/events.ts).
     */
    async purchase(
      user: SessionUser,
      item: { type: 'lesson' | 'course'; id: string },
      input: PurchaseInput,
      language: Language,
    ): Promise<PurchaseResult> {
      const seller = catalog[item.type === 'lesson' ? 'lessons' : 'courses'];
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

      const order = await db
        .transaction(async (tx) => {
          const promo = code ? await promoCodes.redeem(tx, code, target) : null;
          const credit = (await seller.credit?.(tx, user.id, offer)) ?? 0;
          const discountMinor = purchaseDiscount(offer.priceRubMinor, promo ? promo.percentOff : null, credit);
          const plan = await prepare(tx, {
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
          const placed = await place(tx, plan, input.giftCertificateCode, user.id, (inner, done) =>
            recordConsents(inner, done.id),
          );
          return { placed, plan };
        })
        .then(({ placed, plan }) => {
          settled(plan);
          return placed;
        });
      return { purchased: order.status === 'confirmed', order };
    },

    /**
     * What delivery of these lines to a carrier's pickup point costs, priced exactly as `POST /orders`
     * will price it (`POST /api/cdek/quote`). 409 when nothing in them travels.
     */
    async quoteDelivery(userId: string, body: CdekQuoteBody, language: Language): Promise<CdekQuote> {
      if (!carrier) throw new Conflict('cdekNotConfigured', undefined, 'CDEK_NOT_CONFIGURED');
      const lines = await priceLines(sellables, db, {
        userId,
        lines: body.items,
        customer: { firstName: '', lastName: '', email: '', phone: '' },
        paymentMethod: body.currency === 'RUB' ? 'card' : 'paypal',
        currency: body.currency,
        language,
      });
      if (!lines.some((line) => line.physical)) throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
      const priced = await deliveryOf(
        carrier,
        lines,
        { method: 'courier_pickup', cdekPointCode: body.pointCode },
        language,
        await shippingCountries(db),
      );
      const quote = priced.quote!;
      const price = priceOrder(lines, body.currency, priced.pricing, undefined);
      return {
        deliveryCost: fromMinor(price.deliveryCost),
        carrierCost: quote.carrierCostRub,
        currency: body.currency,
        deliveryCostInCurrency: fromMinor(price.deliveryInCurrency),
        carrierCostInCurrency: fromMinor(rubMinorIn(body.currency, toMinor(quote.carrierCostRub))),
        free: price.deliveryCost === 0,
        periodMin: quote.cdek.periodMin,
        periodMax: quote.cdek.periodMax,
        point: quote.point,
      };
    },

    /**
     * CDEK's price and days for the cart's goods to a place, before a point is chosen (the cart
     * page; a guest may ask, so only products are priced: they need no account).
     */
    async estimateDelivery(body: CdekEstimateBody, language: Language): Promise<CdekEstimate> {
      if (!carrier) throw new Conflict('cdekNotConfigured', undefined, 'CDEK_NOT_CONFIGURED');
      const goods = body.items.filter((line) => line.type === 'product');
      const lines =
        goods.length === 0
          ? []
          : await priceLines(sellables, db, {
              userId: '',
              lines: goods,
              customer: { firstName: '', lastName: '', email: '', phone: '' },
              paymentMethod: 'card',
              currency: 'RUB',
              language,
            });
      if (!lines.some((line) => line.physical)) throw new Conflict('orderHasNoParcel', undefined, 'NO_PARCEL');
      const { carrierCostRub, periodMin, periodMax } = await carrier.estimate({
        cityCode: body.cityCode,
        parcel: parcelOf(lines),
      });
      return { carrierCost: carrierCostRub, periodMin, periodMax };
    },

    /**
     * The order of a gift certificate being bought, inside the caller's transaction: one
     * `gift_certificate` line of `amountMinor` in `currency`, nothing to deliver, paid online like
     * the purchase flow's orders (card in roubles, PayPal in euros and dollars). In another
     * currency the RUB figures are the amount at the order's exchange snapshot.
     */
    placeGiftCertificateOrder(tx: Tx, input: GiftCertificateOrderInput): Promise<Order> {
      return placeOneLineOrder(tx, input, 'gift_certificate');
    },

    /**
     * The order of one payment toward a custom piece (its deposit or its balance), inside the
     * caller's transaction: one `custom_order` line, placed and paid exactly like a gift
     * certificate's order.
     */
    placeCustomOrderPayment(tx: Tx, input: CustomOrderPaymentInput): Promise<Order> {
      return placeOneLineOrder(tx, input, 'custom_order');
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
