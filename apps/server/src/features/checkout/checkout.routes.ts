import {
  type ConsentKind,
  checkoutConsents,
  type LegalDocumentRef,
  type PurchaseLessonBody,
  serverMessage,
} from '@atelier/shared';
import { checkoutContract as contract } from '@atelier/shared/checkout.contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { requireUser } from '../../platform/auth/guard';
import { clientContext } from '../../platform/http/client-context';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import { route } from '../../platform/http/route';
import type { LegalService } from '../legal/legal.service';
import type { ReturnToCart } from './checkout.return-to-cart';
import type { CheckoutService } from './checkout.service';

export interface CheckoutRoutesOptions {
  service: Pick<CheckoutService, 'create' | 'purchase' | 'quote'>;
  /** "Change the order": an unpaid order given up, its lines back in the cart. */
  returnToCart: ReturnToCart;
  /** Checks the consents a checkout asks for and records them with the order. */
  legal: Pick<LegalService, 'checkConsents' | 'record'>;
  /** Counts a gift certificate code a checkout names against the code look-up limits. */
  limitGiftCodes?: ((request: FastifyRequest) => Promise<void>) | undefined;
  /** Counts a purchase naming a promo code (429 past the limit; docs/decisions/0057). */
  limitPromoCodes?: ((request: FastifyRequest) => Promise<void>) | undefined;
}

/**
 * The purchase endpoints: placing an order (`POST /api/orders`), what it would cost
 * (`POST /api/orders/quote`, the same limits), buying one lesson or course at once, and giving an
 * unpaid order up to change it (`POST /api/orders/{id}/return-to-cart`, checkout.return-to-cart.ts).
 * Each purchase runs the same two steps here before the checkout pipeline (checkout.service.ts):
 *   limits    a gift certificate code counts against the code look-up limits, a promo code
 *             against the promo-check limits (429 past either);
 *   consents  what the checkout asks for (personal data, cross-border for PayPal) is checked
 *             before anything is written and recorded with the order in its transaction.
 */
export const checkoutRoutes: FastifyPluginAsync<CheckoutRoutesOptions> = async (
  app,
  { service, returnToCart, legal, limitGiftCodes, limitPromoCodes },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function limits(
    request: FastifyRequest,
    body: { giftCertificateCode?: string | undefined; promoCode?: string | undefined },
  ): Promise<void> {
    if (body.giftCertificateCode) await limitGiftCodes?.(request);
    if (body.promoCode?.trim()) await limitPromoCodes?.(request);
  }

  /** Checks the consents `asked` against the versions shown (`refs`); what records them with the order. */
  function consents(request: FastifyRequest, refs: LegalDocumentRef[], source: 'checkout' | 'purchase') {
    const userId = requireUser(request).id;
    return async (asked: ConsentKind[]) => {
      const checked = await legal.checkConsents(refs, asked, userId);
      return (tx: Tx, orderId: string) =>
        legal.record(tx, checked, { userId, orderId }, { ...clientContext(request), source });
    };
  }

  route(api, contract.orders, async (request, reply) => {
    const lang = requestLanguage(request);
    const userId = requireUser(request).id;
    await limits(request, request.body);
    const record = await consents(
      request,
      request.body.consents,
      'checkout',
    )(checkoutConsents(request.body.paymentMethod));
    const order = await service.create(userId, request.body, lang, (tx, placed) => record(tx, placed.id));
    return reply.code(201).send(ok({ order }, serverMessage('orderCreated', lang)));
  });

  // What the order would cost, priced as placing it would; a guest's cart too (no credit, nothing owned).
  route(api, contract.ordersQuote, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await limits(request, request.body);
    return ok(await service.quote(request.user?.id ?? null, request.body, requestLanguage(request)));
  });

  // The order cancelled, its lines back in the cart: the reverse of placing it.
  route(api, contract.ordersReturnToCart, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const lang = requestLanguage(request);
    const result = await returnToCart.returnToCart(requireUser(request).id, request.params.id, lang);
    return ok(result, serverMessage('orderReturnedToCart', lang));
  });

  /** Buying one `type` at once (the purchase dialog): the same steps for lessons and courses. */
  async function purchase(
    type: 'lesson' | 'course',
    request: FastifyRequest<{ Params: { id: string }; Body: PurchaseLessonBody }>,
    reply: FastifyReply,
  ) {
    const language = requestLanguage(request);
    await limits(request, request.body);
    const user = requireUser(request);
    const result = await service.purchase(
      user,
      { type, id: request.params.id },
      { ...request.body, consents: consents(request, request.body.consents, 'purchase') },
      language,
    );
    const message = result.purchased
      ? serverMessage(type === 'lesson' ? 'lessonPurchased' : 'coursePurchased', language)
      : undefined;
    return reply.code(201).send(ok(result, message));
  }

  route(api, contract.trainingLessonsPurchase, (request, reply) => purchase('lesson', request, reply));

  route(api, contract.trainingCoursesPurchase, (request, reply) => purchase('course', request, reply));
};
