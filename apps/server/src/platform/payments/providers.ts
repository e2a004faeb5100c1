/**
 * Chooses the drivers from config: card payments go through `test` or `yookassa`
 * (PAYMENT_PROVIDER); PayPal requests go through `paypal` when PAYPAL_* is set, otherwise through
 * the sandbox, which then mails its own payment link (DESIGN §8). Webhooks are routed by the
 * provider name in the URL.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { createPaypalProvider } from './paypal-provider';
import type { PaymentProvider, ProviderName } from './provider';
import { createTestProvider, type TestProvider } from './test-provider';
import { createYookassaProvider } from './yookassa-provider';

export interface PaymentProviders {
  card: PaymentProvider;
  paypal: PaymentProvider;
  sandbox: TestProvider;
  byName(name: string): PaymentProvider | null;
}

export function createPaymentProviders(config: Config): PaymentProviders {
  const p = config.payments;
  const sandbox = createTestProvider({
    // A per-process key is enough for one instance: the sandbox signs and checks in the same process.
    secret: p.sandboxSecret ?? randomBytes(32).toString('hex'),
    publicUrl: config.publicUrl,
  });
  const card =
    p.provider === 'yookassa' && p.yookassa.shopId && p.yookassa.secretKey
      ? createYookassaProvider({
          shopId: p.yookassa.shopId,
          secretKey: p.yookassa.secretKey,
          apiUrl: p.yookassa.apiUrl,
          timeoutMs: p.httpTimeoutMs,
        })
      : sandbox;
  const paypal =
    p.paypal.clientId && p.paypal.clientSecret
      ? createPaypalProvider({
          clientId: p.paypal.clientId,
          clientSecret: p.paypal.clientSecret,
          webhookId: p.paypal.webhookId ?? '',
          apiUrl: p.paypal.apiUrl,
          timeoutMs: p.httpTimeoutMs,
        })
      : sandbox;
  const all = new Map<ProviderName, PaymentProvider>([
    ['test', sandbox],
    [card.name, card],
    [paypal.name, paypal],
  ]);
  return { card, paypal, sandbox, byName: (name) => all.get(name as ProviderName) ?? null };
}
