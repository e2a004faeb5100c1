/**
 * The real drivers against local fakes of their documented APIs (no network here): request shapes,
 * verification of notifications, provider errors and timeouts. PayPal's are in paypal-provider.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startYookassaFake, type YookassaFake } from '../../test/fakes/yookassa-fake';
import { decimalToMinor, minorToDecimal, NotificationRejected, ProviderError } from './provider';
import type { Receipt, ReceiptItem } from './receipt';
import { createTestProvider } from './test-provider';
import { createYookassaProvider } from './yookassa-provider';

const input = (over: Partial<Parameters<ReturnType<typeof createTestProvider>['createPayment']>[0]> = {}) => ({
  paymentId: crypto.randomUUID(),
  orderId: crypto.randomUUID(),
  orderNumber: 1042,
  amountMinor: 150050,
  currency: 'RUB' as const,
  description: 'Order 1042',
  returnUrl: 'http://127.0.0.1:3000/payment/success?order=1042',
  idempotenceKey: crypto.randomUUID(),
  language: 'ru' as const,
  ...over,
});

describe('money conversion for provider APIs', () => {
  it.each([
    [150050, '1500.50'],
    [5, '0.05'],
    [100, '1.00'],
    [0, '0.00'],
  ])('minor %i ↔ "%s" without float drift', (minor, text) => {
    expect(minorToDecimal(minor)).toBe(text);
    expect(decimalToMinor(text)).toBe(minor);
  });
  it.each(['abc', '1.234', '', '1e3'])('"%s" is not an amount', (text) => {
    expect(decimalToMinor(text)).toBeNaN();
  });
});

describe('sandbox (test) provider', () => {
  const sandbox = createTestProvider({ secret: 's3cret', publicUrl: 'http://127.0.0.1:3000' });

  it('signs its notifications and accepts only its own signature', async () => {
    const n = sandbox.buildNotification('payment.succeeded', {
      providerPaymentId: 'sbx_1',
      amountMinor: 100,
      currency: 'RUB',
    });
    const ok = await sandbox.verifyNotification(n);
    expect(ok).toMatchObject({ outcome: 'succeeded', amountMinor: 100, currency: 'RUB', providerPaymentId: 'sbx_1' });
    const tampered = n.rawBody.replace('"1.00"', '"0.01"');
    await expect(sandbox.verifyNotification({ rawBody: tampered, headers: n.headers })).rejects.toBeInstanceOf(
      NotificationRejected,
    );
    const other = createTestProvider({ secret: 'other', publicUrl: 'x' });
    await expect(other.verifyNotification(n)).rejects.toMatchObject({ reason: 'bad_signature' });
  });

  it('page links carry a signature that opens only that payment', async () => {
    const created = await sandbox.createPayment(input());
    const url = new URL(created.redirectUrl!);
    const sig = url.searchParams.get('signature')!;
    expect(sandbox.pageSignatureValid(created.providerPaymentId, sig)).toBe(true);
    expect(sandbox.pageSignatureValid('sbx_other', sig)).toBe(false);
  });
});

describe('YooKassa driver against the fake API', () => {
  let fake: YookassaFake;
  const driver = (timeoutMs = 2000, secretKey?: string) =>
    createYookassaProvider({
      shopId: fake.shopId,
      secretKey: secretKey ?? fake.secretKey,
      apiUrl: fake.apiUrl,
      timeoutMs,
    });
  beforeAll(async () => {
    fake = await startYookassaFake();
  });
  afterAll(() => fake.close());

  it('creates a redirect payment with Basic auth, Idempotence-Key, amount as a decimal string and capture', async () => {
    const i = input();
    const created = await driver().createPayment(i);
    const req = fake.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v3/payments');
    expect(req.headers['idempotence-key']).toBe(i.idempotenceKey);
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      amount: { value: '1500.50', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: i.returnUrl },
      metadata: { paymentId: i.paymentId, orderId: i.orderId },
    });
    expect(created.redirectUrl).toContain('/checkout/');
    expect(fake.payments.get(created.providerPaymentId)?.status).toBe('pending');
  });

  it('a retried create with the same idempotence key returns the same payment', async () => {
    const i = input();
    const a = await driver().createPayment(i);
    const b = await driver().createPayment(i);
    expect(b.providerPaymentId).toBe(a.providerPaymentId);
  });

  it.each([
    ['wrong credentials (401)', () => driver(2000, 'wrong'), undefined],
    ['server error (500)', () => driver(), { status: 500, body: { type: 'error', code: 'internal_server_error' } }],
    ['rate limited (429)', () => driver(), { status: 429, body: { type: 'error', code: 'too_many_requests' } }],
  ])('provider error is a ProviderError: %s', async (_name, make, failure) => {
    if (failure) fake.failNext(failure, { pathPart: '/v3/payments' });
    await expect(make().createPayment(input())).rejects.toBeInstanceOf(ProviderError);
  });

  it('a provider that does not answer in time is a timeout ProviderError', async () => {
    fake.setDelay(500);
    try {
      await expect(driver(100).createPayment(input())).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      fake.setDelay(0);
    }
  });

  it('a notification is trusted only as far as a fresh GET of the payment confirms it', async () => {
    const created = await driver().createPayment(input());
    const body = fake.notification(created.providerPaymentId, 'payment.succeeded');
    // Still pending at YooKassa: a "succeeded" claim is rejected.
    await expect(driver().verifyNotification({ rawBody: body, headers: {} })).rejects.toMatchObject({
      reason: 'verification_failed',
    });
    fake.setStatus(created.providerPaymentId, 'succeeded');
    const verified = await driver().verifyNotification({ rawBody: body, headers: {} });
    expect(verified).toMatchObject({ outcome: 'succeeded', amountMinor: 150050, currency: 'RUB' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/payments/${created.providerPaymentId}` });
  });

  it('the amount comes from the API, not from the notification body', async () => {
    const created = await driver().createPayment(input());
    fake.setStatus(created.providerPaymentId, 'succeeded');
    const forged = JSON.stringify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: created.providerPaymentId, amount: { value: '999999.00', currency: 'RUB' } },
    });
    fake.setAmount(created.providerPaymentId, '10.00');
    const verified = await driver().verifyNotification({ rawBody: forged, headers: {} });
    expect(verified.amountMinor).toBe(1000);
  });

  it.each([
    ['not JSON', 'nope', 'malformed'],
    ['no object id', JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: {} }), 'malformed'],
    [
      'unknown payment',
      JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'nope' } }),
      'unknown_payment',
    ],
  ])('a notification with %s is rejected', async (_name, rawBody, reason) => {
    await expect(driver().verifyNotification({ rawBody, headers: {} })).rejects.toMatchObject({ reason });
  });
});

describe('YooKassa receipts: the driver sends them, the fake checks them as YooKassa documents', () => {
  let fake: YookassaFake;
  const driver = () =>
    createYookassaProvider({ shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.apiUrl, timeoutMs: 2000 });
  const item = (over: Partial<ReceiptItem> = {}): ReceiptItem => ({
    description: 'Букет «Пионы»',
    quantity: 1,
    amount: { value: '1500.50', currency: 'RUB' },
    vat_code: 1,
    payment_subject: 'commodity',
    payment_mode: 'full_prepayment',
    ...over,
  });
  const receipt = (over: Partial<Receipt> = {}): Receipt => ({
    customer: { email: 'buyer@example.com' },
    items: [item()],
    ...over,
  });
  /** The 400 the fake answered, as the driver reports it. */
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    return (error as ProviderError).message;
  };
  beforeAll(async () => {
    fake = await startYookassaFake({ receipts: '54fz' });
  });
  afterAll(() => fake.close());

  it('a payment carries the receipt object, tax system included', async () => {
    const sent = receipt({ tax_system_code: 2 });
    const created = await driver().createPayment(input({ receipt: sent }));
    expect(JSON.parse(fake.requests.at(-1)!.body).receipt).toEqual(sent);
    expect(fake.payments.get(created.providerPaymentId)).toMatchObject({
      receipt: sent,
      receipt_registration: 'pending',
    });
  });

  it('with receipts on in the shop, a payment without one is refused (400, parameter receipt)', async () => {
    expect(await refusal(driver().createPayment(input()))).toContain('"parameter":"receipt"');
  });

  it.each<[string, Partial<Receipt>, string]>([
    ['no customer contact', { customer: {} }, 'receipt.customer'],
    ['a phone that is not E.164 digits', { customer: { phone: '+7 (912) 345-67-89' } }, 'receipt.customer.phone'],
    ['no items', { items: [] }, 'receipt.items'],
    [
      'items not adding up to the payment',
      { items: [item({ amount: { value: '1500.00', currency: 'RUB' } })] },
      'receipt.items',
    ],
    ['an empty description', { items: [item({ description: '' })] }, 'receipt.items[0].description'],
    [
      'a 129-character description',
      { items: [item({ description: 'я'.repeat(129) })] },
      'receipt.items[0].description',
    ],
    ['a zero quantity', { items: [item({ quantity: 0 })] }, 'receipt.items[0].quantity'],
    ['a VAT code out of range', { items: [item({ vat_code: 13 })] }, 'receipt.items[0].vat_code'],
    ['no payment_subject', { items: [item({ payment_subject: undefined })] }, 'receipt.items[0].payment_subject'],
    [
      'an unknown payment_mode',
      { items: [item({ payment_mode: 'later' as 'full_payment' })] },
      'receipt.items[0].payment_mode',
    ],
    ['a tax system code out of range', { tax_system_code: 7 }, 'receipt.tax_system_code'],
  ])('a receipt with %s is refused (400 naming the parameter)', async (_name, over, parameter) => {
    const message = await refusal(driver().createPayment(input({ receipt: receipt(over) })));
    expect(message).toContain(`"parameter":"${parameter}"`);
  });

  it('self-employed: at most 6 whole-quantity items with VAT code 1; subject and mode are not needed', async () => {
    fake.setReceiptMode('self_employed');
    try {
      const plain = (n: number) =>
        Array.from({ length: n }, () => ({
          description: 'Урок',
          quantity: 1,
          amount: { value: '10.00', currency: 'RUB' as const },
          vat_code: 1,
        }));
      await driver().createPayment(input({ amountMinor: 6000, receipt: receipt({ items: plain(6) }) }));
      expect(
        await refusal(driver().createPayment(input({ amountMinor: 7000, receipt: receipt({ items: plain(7) }) }))),
      ).toContain('at most 6');
      const half = [{ ...plain(1)[0]!, quantity: 1.5, amount: { value: '100.00', currency: 'RUB' as const } }];
      expect(
        await refusal(driver().createPayment(input({ amountMinor: 15000, receipt: receipt({ items: half }) }))),
      ).toContain('receipt.items[0].quantity');
      const vat = [{ ...plain(1)[0]!, vat_code: 4 }];
      expect(
        await refusal(driver().createPayment(input({ amountMinor: 1000, receipt: receipt({ items: vat }) }))),
      ).toContain('receipt.items[0].vat_code');
    } finally {
      fake.setReceiptMode('54fz');
    }
  });

  it('POST /v3/receipts: the completion receipt of a paid payment, its settlements matching its items', async () => {
    const created = await driver().createPayment(input({ receipt: receipt() }));
    const completion = {
      ...receipt({ items: [item({ payment_mode: 'full_payment' })] }),
      type: 'payment' as const,
      payment_id: created.providerPaymentId,
      send: true as const,
      settlements: [{ type: 'prepayment' as const, amount: { value: '1500.50', currency: 'RUB' as const } }],
    };
    // Not paid yet: YooKassa has nothing to complete.
    expect(
      await refusal(driver().createReceipt!({ receipt: completion, idempotenceKey: crypto.randomUUID() })),
    ).toContain('payment_id');
    fake.setStatus(created.providerPaymentId, 'succeeded');
    const short = {
      ...completion,
      settlements: [{ ...completion.settlements[0]!, amount: { value: '1.00', currency: 'RUB' as const } }],
    };
    expect(await refusal(driver().createReceipt!({ receipt: short, idempotenceKey: crypto.randomUUID() }))).toContain(
      '"parameter":"settlements"',
    );
    const made = await driver().createReceipt!({ receipt: completion, idempotenceKey: crypto.randomUUID() });
    expect(made.status).toBe('pending');
    expect(fake.receipts.get(made.id)).toMatchObject({ type: 'payment', payment_id: created.providerPaymentId });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/receipts' });
  });

  it('POST /v3/refunds: a full refund with its refund receipt; a partial one without a receipt is refused', async () => {
    const created = await driver().createPayment(input({ receipt: receipt() }));
    fake.setStatus(created.providerPaymentId, 'succeeded');
    const partial = { providerPaymentId: created.providerPaymentId, amountMinor: 100, currency: 'RUB' as const };
    expect(await refusal(driver().refund!({ ...partial, idempotenceKey: crypto.randomUUID() }))).toContain('receipt');
    const refund = await driver().refund!({
      ...partial,
      amountMinor: 150050,
      idempotenceKey: crypto.randomUUID(),
      receipt: receipt(),
    });
    expect(refund.status).toBe('succeeded');
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({
      payment_id: created.providerPaymentId,
      amount: { value: '1500.50', currency: 'RUB' },
      receipt: receipt(),
    });
    // Nothing is left to give back.
    expect(
      await refusal(
        driver().refund!({
          ...partial,
          idempotenceKey: crypto.randomUUID(),
          receipt: receipt({ items: [item({ amount: { value: '1.00', currency: 'RUB' } })] }),
        }),
      ),
    ).toContain('amount.value');
  });
});
