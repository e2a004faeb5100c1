/**
 * Chooses the drivers from config. Cards go through `yookassa`, the `test` sandbox (demo only), or
 * nowhere (PAYMENT_PROVIDER=none). PayPal follows PAYPAL_MODE: `api` (PayPal's Orders API v2: its
 * approval page, then our capture), `sandbox` (the test provider's page stands in for PayPal's;
 * demo only) or `manual` (no driver: the owner sends an invoice link by hand). In production the sandbox does not exist at all,
 * so neither its page nor the `test` webhook can confirm anything. Webhooks are routed by the
 * provider name in the URL.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { createPaypalProvider } from './paypal-provider';
import type { PaymentProvider, ProviderName } from './provider';
import { createTestProvider, type TestProvider } from './test-provider';
import { createYookassaProvider } from './yookassa-provider';

export interface PaymentProviders {
  /** null: cards are not accepted (PAYMENT_PROVIDER=none). */
  card: PaymentProvider | null;
  /** null: PAYPAL_MODE=manual, the owner sends the invoice; else a redirect to approve (and, api, capture). */
  paypal: PaymentProvider | null;
  paypalMode: Config['payments']['paypalMode'];
  /** The online ways to pay the card provider takes (YOOKASSA_METHODS); empty without one. */
  methods: Config['payments']['methods'];
  /** null in production. */
  sandbox: TestProvider | null;
  byName(name: string): PaymentProvider | null;
}

export function createPaymentProviders(config: Config): PaymentProviders {
  const p = config.payments;
  const sandbox = config.isProduction
    ? null
    : createTestProvider({
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
      : p.provider === 'test'
        ? sandbox
        : null;
  const paypal =
    p.paypalMode === 'api' && p.paypal.clientId && p.paypal.clientSecret
      ? createPaypalProvider({
          clientId: p.paypal.clientId,
          clientSecret: p.paypal.clientSecret,
          webhookId: p.paypal.webhookId ?? '',
          apiUrl: p.paypal.apiUrl,
          timeoutMs: p.httpTimeoutMs,
        })
      : p.paypalMode === 'sandbox'
        ? sandbox
        : null;
  const all = new Map<ProviderName, PaymentProvider>();
  for (const provider of [sandbox, card, paypal]) if (provider) all.set(provider.name, provider);
  return {
    card,
    paypal,
    paypalMode: p.paypalMode,
    methods: card ? p.methods : [],
    sandbox,
    byName: (name) => all.get(name as ProviderName) ?? null,
  };
}
