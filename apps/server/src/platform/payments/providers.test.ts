/** Which driver serves card payments and PayPal requests, by configuration. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createPaymentProviders } from './providers';

const YOOKASSA = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k' };
const PAYPAL = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH1' };

describe('payment providers chosen by config', () => {
  it.each([
    ['nothing set: the sandbox serves both', {}, 'test', 'test', 'sandbox'],
    [
      'PAYMENT_PROVIDER=yookassa: cards through YooKassa, PayPal unset → sandbox',
      YOOKASSA,
      'yookassa',
      'test',
      'sandbox',
    ],
    ['PayPal credentials: invoices through PayPal', PAYPAL, 'test', 'paypal', 'api'],
    ['both', { ...YOOKASSA, ...PAYPAL }, 'yookassa', 'paypal', 'api'],
    ['PAYMENT_PROVIDER=none: no card driver', { PAYMENT_PROVIDER: 'none' }, null, 'test', 'sandbox'],
    [
      'PAYPAL_MODE=manual: no PayPal driver, the owner sends the invoice',
      { PAYPAL_MODE: 'manual' },
      'test',
      null,
      'manual',
    ],
  ])('%s', (_name, env, card, paypal, mode) => {
    const providers = createPaymentProviders(loadConfig({ NODE_ENV: 'test', ...env }));
    expect([providers.card?.name ?? null, providers.paypal?.name ?? null, providers.paypalMode]).toEqual([
      card,
      paypal,
      mode,
    ]);
    expect(providers.byName('test')).toBe(providers.sandbox);
    expect(providers.byName('stripe')).toBeNull();
  });

  it('production has no sandbox: the `test` provider is unknown and PayPal without PAYPAL_* is manual', () => {
    const providers = createPaymentProviders(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
        PAYMENT_PROVIDER: 'none',
        MEDIA_URL_SECRET: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      }),
    );
    expect(providers.sandbox).toBeNull();
    expect(providers.card).toBeNull();
    expect(providers.paypal).toBeNull();
    expect(providers.paypalMode).toBe('manual');
    expect(providers.byName('test')).toBeNull();
  });

  it.each([
    [
      'PayPal without a webhook id (notifications could not be verified)',
      { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' },
      /PAYPAL_WEBHOOK_ID/,
    ],
    ['yookassa without credentials', { PAYMENT_PROVIDER: 'yookassa' }, /YOOKASSA_SHOP_ID/],
    ['a download limit of 0', { DOWNLOAD_MAX_USES: '0' }, /DOWNLOAD_MAX_USES/],
    ['a non-numeric provider timeout', { PAYMENT_HTTP_TIMEOUT_MS: 'soon' }, /PAYMENT_HTTP_TIMEOUT_MS/],
    ['PAYPAL_MODE=api without PayPal credentials', { PAYPAL_MODE: 'api' }, /PAYPAL_MODE/],
  ])('refuses to start: %s', (_name, env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });

  it('download limits default to 7 days, 5 downloads, 3 re-issues', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).downloads).toEqual({ linkDays: 7, maxUses: 5, maxReissues: 3 });
  });
});
