import {
  type ConsentKind,
  CreateOrderBody,
  checkoutConsents,
  ErrorBodySchema,
  IdParamSchema,
  type LegalDocumentRef,
  OrderResultSchema,
  type PurchaseLessonBody,
  PurchaseLessonBodySchema,
  PurchaseResultSchema,
  serverMessage,
  successEnvelope,
} from '@atelier/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { requireUser } from '../../platform/auth/guard';
import { clientContext } from '../../platform/http/client-context';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../../platform/http/error-handler';
import type { LegalService } from '../legal/legal.service';
import type { CheckoutService } from './checkout.service';

export interface CheckoutRoutesOptions {
  service: Pick<CheckoutService, 'create' | 'purchase'>;
  /** Checks the consents a checkout asks for and records them with the order. */
  legal: Pick<LegalService, 'checkConsents' | 'record'>;
  /** Counts a gift certificate code a checkout names against the code look-up limits. */
  limitGiftCodes?: ((request: FastifyRequest) => Promise<void>) | undefined;
  /** Counts a purchase naming a promo code (429 past the limit; docs/decisions/0057). */
  limitPromoCodes?: ((request: FastifyRequest) => Promise<void>) | undefined;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The purchase endpoints: placing an order (`POST /api/orders`) and buying one lesson or course at
 * once. Each runs the same two steps here before the checkout pipeline (checkout.service.ts):
 *   limits    a gift certificate code counts against the code look-up limits, a promo code
 *             against the promo-check limits (429 past either);
 *   consents  what the checkout asks for (personal data, cross-border for PayPal) is checked
 *             before anything is written and recorded with the order in its transaction.
 */
export const checkoutRoutes: FastifyPluginAsync<CheckoutRoutesOptions> = async (
  app,
  { service, legal, limitGiftCodes, limitPromoCodes },
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
      const checked = await legal.checkConsents(refs, asked);
      return (tx: Tx, orderId: string) =>
        legal.record(tx, checked, { userId, orderId }, { ...clientContext(request), source });
    };
  }

  api.post(
    '/api/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order (every amount computed by the server; counted stock reserved atomically); `consents` names the personal-data consent version shown, plus the cross-border one for PayPal (400 without, 409 when no longer in force)',
        body: CreateOrderBody,
        response: { 201: successEnvelope(OrderResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
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
    },
  );

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

  api.post(
    '/api/training/lessons/:id/purchase',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: 'Buys the lesson: places its order (promo code optional, redeemed race-safely)',
        description:
          'A zero total (free lesson or a 100 % code) is confirmed at once and the lesson unlocked (201, ' +
          '`purchased: true`); otherwise the pending order is returned to be paid with `POST /api/payments`. ' +
          'Paying in euros or dollars (PayPal) needs the cross-border consent version shown in `consents`.',
        params: IdParamSchema,
        body: PurchaseLessonBodySchema,
        response: {
          201: successEnvelope(PurchaseResultSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    (request, reply) => purchase('lesson', request, reply),
  );

  api.post(
    '/api/training/courses/:id/purchase',
    {
      config: { access: 'user' },
      schema: {
        tags: ['training'],
        summary: 'Buys the course: one order of it (promo code optional; lessons already bought are credited)',
        description:
          'Seat-limited master classes take a seat atomically (409 SOLD_OUT when none is left). A zero total is ' +
          'confirmed at once and every lesson unlocked (201, `purchased: true`); otherwise pay the pending ' +
          'order with `POST /api/payments`. A cancelled order gives its seat back. Paying in euros or dollars ' +
          '(PayPal) needs the cross-border consent version shown in `consents`.',
        params: IdParamSchema,
        body: PurchaseLessonBodySchema,
        response: { 201: successEnvelope(PurchaseResultSchema), ...errors, 409: ErrorBodySchema },
      },
    },
    (request, reply) => purchase('course', request, reply),
  );
};
