/**
 * The PayPal driver (Orders API v2) against the local fake of PayPal's documented API: the order
 * it creates, the approval link, the capture (once, whatever is asked again), the status it reads,
 * webhooks verified through verify-webhook-signature and re-read from PayPal, refunds of the
 * capture, provider errors and timeouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalFake, startPaypalFake } from '../../test/fakes/paypal-fake';
import { createPaypalProvider } from './paypal-provider';
import { type CreatePaymentInput, ProviderError } from './provider';

let fake: PaypalFake;
beforeAll(async () => {
  fake = await startPaypalFake();
});
afterAll(() => fake.close());

const driver = (timeoutMs = 2000, over: { clientSecret?: string; webhookId?: string } = {}) =>
  createPaypalProvider({
    clientId: fake.clientId,
    clientSecret: over.clientSecret ?? fake.clientSecret,
    webhookId: over.webhookId ?? fake.webhookId,
    apiUrl: fake.apiUrl,
    timeoutMs,
  });

const eur = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentId: crypto.randomUUID(),
  orderId: crypto.randomUUID(),
  orderNumber: 1042,
  amountMinor: 2590,
  currency: 'EUR',
  description: 'Atelier #1042',
  returnUrl: 'https://shop.example/api/payments/paypal/return',
  cancelUrl: 'https://shop.example/payment/cancel?order=1042',
  idempotenceKey: crypto.randomUUID(),
  language: 'en',
  ...over,
});

/** A PayPal order created and approved by the buyer, ready to capture. */
async function approved(input = eur()) {
  const created = await driver().createPayment(input);
  fake.approve(created.providerPaymentId);
  return { input, id: created.providerPaymentId };
}

const capturesOf = (id: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${id}/capture`);

describe('creating the PayPal order', () => {
  it('gets an OAuth token, creates an order to capture in the order currency, and answers the payer-action link', async () => {
    const input = eur();
    const created = await driver().createPayment(input);
    const [token, create] = fake.requests.slice(-2);
    expect([token!.path, create!.path]).toEqual(['/v1/oauth2/token', '/v2/checkout/orders']);
    expect(create!.headers['paypal-request-id']).toBe(input.idempotenceKey);
    expect(JSON.parse(create!.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.orderId,
          custom_id: input.paymentId,
          amount: { currency_code: 'EUR', value: '25.90' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            locale: 'en-US',
          },
        },
      },
    });
    expect(created).toEqual({
      providerPaymentId: created.providerPaymentId,
      redirectUrl: `${fake.origin}/checkoutnow?token=${created.providerPaymentId}`,
      status: 'pending',
      confirmation: 'redirect',
    });
    expect(fake.orders.get(created.providerPaymentId)!.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('a create retried with the same idempotence key answers the first order, never a second one', async () => {
    const input = eur();
    const first = await driver().createPayment(input);
    const before = fake.orders.size;
    const again = await driver().createPayment(input);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    expect(fake.orders.size).toBe(before);
  });

  it('reuses the access token until it expires', async () => {
    const d = driver();
    await d.createPayment(eur());
    const before = fake.requests.filter((r) => r.path === '/v1/oauth2/token').length;
    await d.createPayment(eur());
    expect(fake.requests.filter((r) => r.path === '/v1/oauth2/token').length).toBe(before);
  });

  it.each([
    ['bad client secret (401 on the token)', () => driver(2000, { clientSecret: 'nope' }), undefined],
    [
      'order create refused (422)',
      () => driver(),
      { reply: { status: 422, body: { name: 'UNPROCESSABLE_ENTITY' } }, pathPart: '/v2/checkout/orders' },
    ],
    [
      'PayPal unavailable (503)',
      () => driver(),
      { reply: { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } }, pathPart: '/v2/checkout/orders' },
    ],
    [
      'an order without an approval link',
      () => driver(),
      { reply: { status: 201, body: { id: 'X1', status: 'CREATED', links: [] } }, pathPart: '/v2/checkout/orders' },
    ],
  ])('provider error is a ProviderError: %s', async (_name, make, failure) => {
    if (failure) fake.failNext(failure.reply, { pathPart: failure.pathPart });
    await expect(make().createPayment(eur())).rejects.toBeInstanceOf(ProviderError);
  });

  it('a provider that does not answer in time is a timeout ProviderError', async () => {
    fake.setDelay(500);
    try {
      await expect(driver(100).createPayment(eur())).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      fake.setDelay(0);
    }
  });
});

describe('approval and capture', () => {
  it('before the buyer approves, the order is pending and a capture takes nothing', async () => {
    const created = await driver().createPayment(eur());
    expect(await driver().fetchStatus(created.providerPaymentId)).toMatchObject({ outcome: 'pending' });
    const status = await driver().capture!({ providerPaymentId: created.providerPaymentId, idempotenceKey: 'k-1' });
    expect(status.outcome).toBe('pending');
    expect(fake.orders.get(created.providerPaymentId)!.purchase_units[0]!.payments).toBeUndefined();
  });

  it('the approval page sends the buyer to return_url with the token and her PayerID', async () => {
    const input = eur();
    const created = await driver().createPayment(input);
    const back = new URL(fake.approve(created.providerPaymentId));
    expect(`${back.origin}${back.pathname}`).toBe(input.returnUrl);
    expect(back.searchParams.get('token')).toBe(created.providerPaymentId);
    expect(back.searchParams.get('PayerID')).toBeTruthy();
    expect(await driver().fetchStatus(created.providerPaymentId)).toMatchObject({ outcome: 'approved' });
  });

  it('an approved order is captured: succeeded, with the amount, currency and our payment id PayPal reports', async () => {
    const { input, id } = await approved();
    const status = await driver().capture!({ providerPaymentId: id, idempotenceKey: `capture:${input.paymentId}` });
    expect(status).toEqual({ outcome: 'succeeded', amountMinor: 2590, currency: 'EUR', reference: input.paymentId });
    expect(capturesOf(id).at(-1)!.headers['paypal-request-id']).toBe(`capture:${input.paymentId}`);
    expect(await driver().fetchStatus(id)).toEqual(status);
  });

  it.each([
    ['the same idempotence key', 'same'],
    ['another key (the order was captured already)', 'other'],
  ])('a capture asked again with %s answers the same capture, never a second one', async (_name, key) => {
    const { id } = await approved();
    const first = await driver().capture!({ providerPaymentId: id, idempotenceKey: 'capture-key-1' });
    const again = await driver().capture!({
      providerPaymentId: id,
      idempotenceKey: key === 'same' ? 'capture-key-1' : 'capture-key-2',
    });
    expect(again).toEqual(first);
    const captured = [...fake.captures.values()].filter((c) => c.supplementary_data.related_ids.order_id === id);
    expect(captured).toHaveLength(1);
  });

  it('a capture PayPal declines is failed', async () => {
    const { id } = await approved();
    fake.setNextCaptureStatus('DECLINED');
    expect(await driver().capture!({ providerPaymentId: id, idempotenceKey: 'k-declined' })).toMatchObject({
      outcome: 'failed',
    });
  });

  it('an amount at PayPal that differs from the order is reported as PayPal holds it (the shop refuses it)', async () => {
    const created = await driver().createPayment(eur());
    fake.setAmount(created.providerPaymentId, '1.00');
    fake.approve(created.providerPaymentId);
    expect(
      await driver().capture!({ providerPaymentId: created.providerPaymentId, idempotenceKey: 'k-amount' }),
    ).toMatchObject({
      outcome: 'succeeded',
      amountMinor: 100,
      currency: 'EUR',
    });
  });

  it('a capture PayPal cannot make now is a ProviderError (tried again later)', async () => {
    const { id } = await approved();
    fake.failNext({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } }, { pathPart: '/capture' });
    await expect(driver().capture!({ providerPaymentId: id, idempotenceKey: 'k-500' })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });
});

describe('webhooks', () => {
  it.each([
    ['CHECKOUT.ORDER.APPROVED', 'approved', false],
    ['PAYMENT.CAPTURE.COMPLETED', 'succeeded', true],
  ] as const)(
    '%s is verified through verify-webhook-signature and re-read from PayPal: %s',
    async (type, outcome, capture) => {
      const { input, id } = await approved();
      if (capture) await driver().capture!({ providerPaymentId: id, idempotenceKey: `capture:${input.paymentId}` });
      const hook = fake.webhook(id, type);
      const verified = await driver().verifyNotification(hook);
      expect(verified).toMatchObject({
        type,
        providerPaymentId: id,
        outcome,
        amountMinor: 2590,
        currency: 'EUR',
        reference: input.paymentId,
        eventId: JSON.parse(hook.rawBody).id,
      });
      const verify = fake.requests.findLast((r) => r.path === '/v1/notifications/verify-webhook-signature')!;
      expect(JSON.parse(verify.body)).toMatchObject({ webhook_id: fake.webhookId, auth_algo: 'SHA256withRSA' });
    },
  );

  it('PAYMENT.CAPTURE.DENIED is failed; PAYMENT.CAPTURE.REFUNDED of the whole capture gave the money back', async () => {
    const declined = await approved();
    fake.setNextCaptureStatus('DECLINED');
    await driver().capture!({ providerPaymentId: declined.id, idempotenceKey: 'k-d' });
    expect(await driver().verifyNotification(fake.webhook(declined.id, 'PAYMENT.CAPTURE.DENIED'))).toMatchObject({
      outcome: 'failed',
      providerPaymentId: declined.id,
    });
    const paid = await approved();
    await driver().capture!({ providerPaymentId: paid.id, idempotenceKey: 'k-p' });
    await driver().refund!({ providerPaymentId: paid.id, amountMinor: 2590, currency: 'EUR', idempotenceKey: 'r-1' });
    expect(await driver().verifyNotification(fake.webhook(paid.id, 'PAYMENT.CAPTURE.REFUNDED'))).toMatchObject({
      outcome: 'canceled',
      providerPaymentId: paid.id,
    });
  });

  it.each([
    [
      'a forged signature',
      (h: ReturnType<PaypalFake['webhook']>) => ({
        ...h,
        headers: { ...h.headers, 'paypal-transmission-sig': 'forged' },
      }),
    ],
    [
      'an altered body',
      (h: ReturnType<PaypalFake['webhook']>) => ({ ...h, rawBody: h.rawBody.replace('"25.90"', '"2590.00"') }),
    ],
    ['missing transmission headers', (h: ReturnType<PaypalFake['webhook']>) => ({ ...h, headers: {} })],
  ])('a webhook with %s is rejected', async (_name, mutate) => {
    const { id } = await approved();
    await driver().capture!({ providerPaymentId: id, idempotenceKey: crypto.randomUUID() });
    await expect(driver().verifyNotification(mutate(fake.webhook(id)))).rejects.toMatchObject({
      reason: 'bad_signature',
    });
  });

  it('a webhook for another webhook id (another shop) is rejected', async () => {
    const { id } = await approved();
    await expect(
      driver(2000, { webhookId: 'OTHERWEBHOOK' }).verifyNotification(fake.webhook(id, 'CHECKOUT.ORDER.APPROVED')),
    ).rejects.toMatchObject({ reason: 'bad_signature' });
  });

  it('an event the shop does not subscribe to is malformed, and PayPal is not asked', async () => {
    const before = fake.requests.length;
    const body = JSON.stringify({ id: 'WH-1', event_type: 'BILLING.PLAN.CREATED', resource: { id: 'P-1' } });
    await expect(driver().verifyNotification({ headers: {}, rawBody: body })).rejects.toMatchObject({
      reason: 'malformed',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('refunds of the capture', () => {
  it('refunds through the capture: POST /v2/payments/captures/{id}/refund with the amount and the key', async () => {
    const { id } = await approved();
    await driver().capture!({ providerPaymentId: id, idempotenceKey: crypto.randomUUID() });
    const captureId = fake.orders.get(id)!.purchase_units[0]!.payments!.captures[0]!.id;
    const made = await driver().refund!({
      providerPaymentId: id,
      amountMinor: 1000,
      currency: 'EUR',
      idempotenceKey: 'refund-1',
      description: 'Atelier #1042',
    });
    expect(made.status).toBe('succeeded');
    const call = fake.requests.findLast((r) => r.path === `/v2/payments/captures/${captureId}/refund`)!;
    expect(call.headers['paypal-request-id']).toBe('refund-1');
    expect(JSON.parse(call.body)).toEqual({
      amount: { currency_code: 'EUR', value: '10.00' },
      note_to_payer: 'Atelier #1042',
    });
    // The same key answers the same refund; more than is left is refused.
    expect(
      await driver().refund!({ providerPaymentId: id, amountMinor: 1000, currency: 'EUR', idempotenceKey: 'refund-1' }),
    ).toEqual(made);
    await expect(
      driver().refund!({ providerPaymentId: id, amountMinor: 2000, currency: 'EUR', idempotenceKey: 'refund-2' }),
    ).rejects.toMatchObject({ kind: 'http', status: 422 });
  });

  it('an order never captured has nothing to refund (a refusal)', async () => {
    const { id } = await approved();
    await expect(
      driver().refund!({ providerPaymentId: id, amountMinor: 100, currency: 'EUR', idempotenceKey: 'refund-x' }),
    ).rejects.toMatchObject({ kind: 'http', status: 422 });
  });
});
