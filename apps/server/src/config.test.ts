import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config';
import { estimatedBits, MIN_SECRET_BITS, repeatedUnit, secretStrengthProblem } from './config.production';
import { PASSWORD_COST, TEST_PASSWORD_COST } from './platform/auth/passwords';

/** What `openssl rand -hex 32` prints. */
const STRONG_SECRET = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('config', () => {
  it('defaults to the embedded database under DATA_DIR/db on 127.0.0.1:3000', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/atelier-x' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/tmp/atelier-x/db' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.admin.email).toBe('admin@example.com');
  });

  it('rate limits default to 10 failed logins per account, 100 auth requests per IP, per 15 min', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginPerAccount: 10,
      authPerIp: 100,
      mailPerAccount: 5,
      verifyPerAccount: 20,
      windowMs: 15 * 60_000,
      resendCooldownSeconds: 60,
      loginBackoffSeconds: 30,
      loginBackoffMaxSeconds: 60 * 60,
      paymentPerAccount: 10,
      paymentPerIp: 30,
      promoPerAccount: 30,
      reviewsPerAccount: 5,
      webhookPerIp: 300,
      // Uploads per account and per address; a day's failed logins before unfamiliar addresses are paced.
      uploadsPerAccount: 20,
      uploadsPerIp: 60,
      loginDailyMax: 50,
      loginDailyPaceSeconds: 300,
    });
    const custom = loadConfig({ RATE_LIMIT_WINDOW_MINUTES: '5', RESEND_COOLDOWN_SECONDS: '30' }).rateLimits;
    expect(custom.windowMs).toBe(300_000);
    expect(custom.resendCooldownSeconds).toBe(30);
  });

  it('PENDING_SCARCE_HOURS: 24 by default, or as set', () => {
    expect(loadConfig({}).orders.pendingScarceHours).toBe(24);
    expect(loadConfig({ PENDING_SCARCE_HOURS: '6' }).orders.pendingScarceHours).toBe(6);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db', DB_POOL_SIZE: '4' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/db', poolSize: 4 });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ PAYMENT_PROVIDER: 'yookassa' }, 'YOOKASSA_SHOP_ID'],
    [{ PAYPAL_CLIENT_ID: 'only-id' }, 'PAYPAL_CLIENT_ID'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_WINDOW_MINUTES: '0' }, 'RATE_LIMIT_WINDOW_MINUTES'],
    [{ RATE_LIMIT_MAIL_PER_ACCOUNT: '-1' }, 'RATE_LIMIT_MAIL_PER_ACCOUNT'],
    [{ RESEND_COOLDOWN_SECONDS: 'soon' }, 'RESEND_COOLDOWN_SECONDS'],
    [{ PENDING_SCARCE_HOURS: '0' }, 'PENDING_SCARCE_HOURS'],
    [{ PENDING_SCARCE_HOURS: 'a day' }, 'PENDING_SCARCE_HOURS'],
  ])('a bad value %o stops start-up naming %s', (env, variable) => {
    const problems = problemsOf(env);
    expect(problems.some((p) => p.startsWith(variable))).toBe(true);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', SEED_DEMO: 'perhaps' });
    expect(problems).toHaveLength(3);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', SEED_DEMO: '' });
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8,127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    [' 10.0.0.1 , ::1 ', ['10.0.0.1', '::1']],
    ['fd00::/8', ['fd00::/8']],
    ['loopback,172.16.0.0/12', ['loopback', '172.16.0.0/12']],
  ])('TRUST_PROXY=%j → %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual({ value: expected });
    expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each([
    ['true', 'would trust every hop'],
    ['yes', 'would trust every hop'],
    ['11', 'between 0 and 10'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['proxy.example.com', 'proxy.example.com'],
    ['-1', '-1'],
  ])('TRUST_PROXY=%j is refused, naming the variable (%s)', (raw, hint) => {
    const problems = problemsOf({ TRUST_PROXY: raw });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: /);
    expect(problems[0]).toContain(hint);
  });

  it.each([
    ['development', PASSWORD_COST],
    ['test', TEST_PASSWORD_COST],
  ] as const)('NODE_ENV=%s hashes passwords at %j (the lower cost only with NODE_ENV=test)', (env, cost) => {
    expect(loadConfig({ NODE_ENV: env }).passwordCost).toEqual(cost);
  });

  describe('production mode (NODE_ENV=production)', () => {
    const LIVE = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123',
      YOOKASSA_SECRET_KEY: 'live_key',
      MEDIA_URL_SECRET: STRONG_SECRET,
    };

    it('refuses to start with one message naming every missing setting together', () => {
      const problems = problemsOf({ NODE_ENV: 'production' });
      expect(problems.map((p) => p.split(':')[0])).toEqual([
        'PUBLIC_URL',
        'SMTP_URL',
        'PAYMENT_PROVIDER',
        'MEDIA_URL_SECRET',
      ]);
      let message = '';
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (error) {
        message = (error as Error).message;
      }
      for (const name of ['PUBLIC_URL', 'SMTP_URL', 'PAYMENT_PROVIDER', 'MEDIA_URL_SECRET']) {
        expect(message).toContain(name);
      }
    });

    it('lists the production problems together with an invalid value elsewhere', () => {
      const problems = problemsOf({ NODE_ENV: 'production', PORT: 'x', MEDIA_URL_SECRET: 'short' });
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
        ['MEDIA_URL_SECRET', 'PAYMENT_PROVIDER', 'PORT', 'PUBLIC_URL', 'SMTP_URL'].sort(),
      );
    });

    it.each([
      ['no SMTP_URL', { SMTP_URL: '' }, 'SMTP_URL'],
      ['PAYMENT_PROVIDER unset', { PAYMENT_PROVIDER: '' }, 'PAYMENT_PROVIDER'],
      ['the test sandbox for cards', { PAYMENT_PROVIDER: 'test' }, 'PAYMENT_PROVIDER'],
      ['yookassa without credentials', { YOOKASSA_SECRET_KEY: '' }, 'YOOKASSA_SHOP_ID'],
      ['MEDIA_URL_SECRET unset', { MEDIA_URL_SECRET: '' }, 'MEDIA_URL_SECRET'],
      ['MEDIA_URL_SECRET of 31 characters', { MEDIA_URL_SECRET: 'k'.repeat(31) }, 'MEDIA_URL_SECRET'],
      ['the PayPal sandbox', { PAYPAL_MODE: 'sandbox' }, 'PAYPAL_MODE'],
      ['PAYPAL_MODE=api without PayPal credentials', { PAYPAL_MODE: 'api' }, 'PAYPAL_MODE'],
      ['PUBLIC_URL unset', { PUBLIC_URL: '' }, 'PUBLIC_URL'],
      ['an http:// PUBLIC_URL', { PUBLIC_URL: 'http://shop.example.com' }, 'PUBLIC_URL'],
      ['an http:// YOOKASSA_API_URL', { YOOKASSA_API_URL: 'http://api.yookassa.ru/v3' }, 'YOOKASSA_API_URL'],
      ['an http:// PAYPAL_API_URL', { PAYPAL_API_URL: 'http://api-m.paypal.com' }, 'PAYPAL_API_URL'],
      [
        'an http:// CDEK_API_URL',
        { CDEK_CLIENT_ID: 'id', CDEK_CLIENT_SECRET: 's', CDEK_API_URL: 'http://api.cdek.ru/v2' },
        'CDEK_API_URL',
      ],
      ['an http:// TELEGRAM_API_URL', { TELEGRAM_API_URL: 'http://api.telegram.org' }, 'TELEGRAM_API_URL'],
      [
        'an http:// S3_ENDPOINT',
        {
          S3_BUCKET: 'b',
          S3_REGION: 'ru-1',
          S3_ACCESS_KEY_ID: 'k',
          S3_SECRET_ACCESS_KEY: 's',
          S3_ENDPOINT: 'http://s3.example.com',
        },
        'S3_ENDPOINT',
      ],
      [
        'an http:// S3_PUBLIC_URL',
        { S3_BUCKET: 'b', S3_REGION: 'ru-1', S3_PUBLIC_URL: 'http://cdn.example.com/public' },
        'S3_PUBLIC_URL',
      ],
      [
        'an ADMIN_PASSWORD under 12 characters',
        { ADMIN_EMAIL: 'o@example.com', ADMIN_PASSWORD: 'Orchid-99!x' },
        'ADMIN_PASSWORD',
      ],
      ['a common ADMIN_PASSWORD', { ADMIN_EMAIL: 'o@example.com', ADMIN_PASSWORD: 'qwerty123456' }, 'ADMIN_PASSWORD'],
      ['a common word padded', { ADMIN_EMAIL: 'o@example.com', ADMIN_PASSWORD: 'Password2024!!' }, 'ADMIN_PASSWORD'],
      ['MEDIA_URL_SECRET of 32 × "a"', { MEDIA_URL_SECRET: 'a'.repeat(32) }, 'MEDIA_URL_SECRET'],
      ['a MEDIA_URL_SECRET that repeats a word', { MEDIA_URL_SECRET: 'changeme-'.repeat(4) }, 'MEDIA_URL_SECRET'],
      ['a MEDIA_URL_SECRET of two letters', { MEDIA_URL_SECRET: `${'a'.repeat(31)}b` }, 'MEDIA_URL_SECRET'],
    ])('refuses %s, naming the setting', (_name, change, variable) => {
      const problems = problemsOf({ ...LIVE, ...change });
      expect(problems).toHaveLength(1);
      expect(problems[0]!.startsWith(variable)).toBe(true);
    });

    it.each([
      ['a loopback PUBLIC_URL (a rehearsal on this machine)', { PUBLIC_URL: 'http://127.0.0.1:8088' }],
      [
        'local fakes of the providers',
        { YOOKASSA_API_URL: 'http://127.0.0.1:4010/v3', PAYPAL_API_URL: 'http://localhost:4011' },
      ],
      [
        'an S3 server on this machine (MinIO)',
        {
          S3_BUCKET: 'b',
          S3_REGION: 'ru-1',
          S3_ACCESS_KEY_ID: 'k',
          S3_SECRET_ACCESS_KEY: 's',
          S3_ENDPOINT: 'http://[::1]:9000',
        },
      ],
      ['a strong ADMIN_PASSWORD', { ADMIN_EMAIL: 'o@example.com', ADMIN_PASSWORD: 'silk-peony-Orchid-99' }],
    ])('accepts %s', (_name, change) => {
      expect(problemsOf({ ...LIVE, ...change })).toEqual([]);
    });

    it('SEED_DEMO is off by default in production (on in the demo), and can be set either way', () => {
      expect(loadConfig(LIVE).seedDemo).toBe(false);
      expect(loadConfig({ ...LIVE, SEED_DEMO: 'true' }).seedDemo).toBe(true);
      expect(loadConfig({}).seedDemo).toBe(true);
      expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    });

    it('the production message reads as one block naming each setting', () => {
      let message = '';
      try {
        loadConfig({ ...LIVE, PUBLIC_URL: 'http://shop.example.com', MEDIA_URL_SECRET: 'a'.repeat(32) });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('PUBLIC_URL: must be https:// in production');
      expect(message).toContain('MEDIA_URL_SECRET: is one character repeated');
    });

    it('starts with a real card provider, or with PAYMENT_PROVIDER=none; PayPal without PAYPAL_* is manual', () => {
      const live = loadConfig(LIVE);
      expect(live.isProduction).toBe(true);
      expect(live.payments.provider).toBe('yookassa');
      expect(live.payments.paypalMode).toBe('manual');
      expect(live.media.urlSecret).toBe(STRONG_SECRET);
      const noCards = loadConfig({ ...LIVE, PAYMENT_PROVIDER: 'none', YOOKASSA_SHOP_ID: '', YOOKASSA_SECRET_KEY: '' });
      expect(noCards.payments.provider).toBe('none');
    });

    it('PAYMENT_SANDBOX_SECRET is not required there (the sandbox does not exist)', () => {
      expect(loadConfig({ ...LIVE, PAYMENT_SANDBOX_SECRET: '' }).payments.sandboxSecret).toBeUndefined();
    });
  });

  it.each([
    ['development without PayPal credentials', {}, 'sandbox'],
    [
      'development with PayPal credentials',
      { PAYPAL_CLIENT_ID: 'i', PAYPAL_CLIENT_SECRET: 's', PAYPAL_WEBHOOK_ID: 'w' },
      'api',
    ],
    ['an explicit manual mode in development (e2e, rehearsal)', { PAYPAL_MODE: 'manual' }, 'manual'],
  ])('PAYPAL_MODE default: %s → %s', (_name, env, mode) => {
    expect(loadConfig(env).payments.paypalMode).toBe(mode);
  });

  it('the demo keeps its sandbox defaults (npm start without settings)', () => {
    const demo = loadConfig({});
    expect([demo.isProduction, demo.payments.provider, demo.payments.paypalMode]).toEqual([false, 'test', 'sandbox']);
  });

  it('a MEDIA_URL_SECRET that is set must be 32+ characters in every mode', () => {
    expect(problemsOf({ MEDIA_URL_SECRET: 'short' })).toEqual(['MEDIA_URL_SECRET: must be at least 32 characters']);
  });

  it.each([
    ['32 × "a"', 'a'.repeat(32), 'one character repeated'],
    ['a word repeated', 'password1234567890'.repeat(2), 'pattern repeated'],
    ['one letter off a run', `${'a'.repeat(31)}b`, 'too predictable'],
    ['four letters', `${'abcd'.repeat(7)}abdc`, 'too predictable'],
  ])('secret strength: %s is refused (%s)', (_name, secret, why) => {
    expect(secretStrengthProblem(secret)).toContain(why);
  });

  it('secret strength: random hex of 32 and 64 characters and base64 pass, with margin over the threshold', () => {
    for (const secret of [STRONG_SECRET, '3f9c0a7be2d14865c07fa9e3b1d25c84', 'q8X_2vLr-Tn0ZkWb5mYc9Jd3HsPa7eFg']) {
      expect(secretStrengthProblem(secret)).toBeNull();
      expect(estimatedBits(secret)).toBeGreaterThan(MIN_SECRET_BITS);
    }
    expect(repeatedUnit('abcabcab')).toBe(3);
    expect(repeatedUnit('abcabcaX')).toBeNull();
  });
});

describe('config: files on S3', () => {
  const KEYS = { S3_ACCESS_KEY_ID: 'AKIA-test', S3_SECRET_ACCESS_KEY: 'secret-test' };

  it('no S3_BUCKET → local disk', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it('a full S3-compatible setup (Yandex Object Storage) parses; trailing slashes dropped', () => {
    const config = loadConfig({
      S3_BUCKET: 'atelier-files',
      S3_ENDPOINT: 'https://storage.yandexcloud.net/',
      S3_REGION: 'ru-central1',
      ...KEYS,
      S3_PUBLIC_URL: 'https://cdn.example.com/public/',
    });
    expect(config.s3).toEqual({
      bucket: 'atelier-files',
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      credentials: { accessKeyId: 'AKIA-test', secretAccessKey: 'secret-test' },
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.com/public',
    });
  });

  it('on AWS itself (no endpoint) credentials may come from the default chain (instance/task role)', () => {
    const config = loadConfig({ S3_BUCKET: 'atelier-files', S3_REGION: 'eu-central-1' });
    expect(config.s3).toMatchObject({ endpoint: undefined, credentials: undefined });
  });

  it.each([
    [{ S3_BUCKET: 'b', ...KEYS }, 'S3_REGION: required when S3_BUCKET is set (e.g. ru-central1, ru-1, us-east-1)'],
    [
      { S3_BUCKET: 'b', S3_REGION: 'ru-1', S3_ENDPOINT: 'https://s3.storage.selcloud.ru' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT is set (only AWS itself can supply credentials by role)',
    ],
    [
      { S3_BUCKET: 'b', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'only-one' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1' },
      'S3_BUCKET: required when S3_ENDPOINT, S3_REGION is set (files go to S3 only with a bucket)',
    ],
  ])('%o → %s', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it.each([
    ['S3_ENDPOINT', 'storage.yandexcloud.net'],
    ['S3_PUBLIC_URL', 'ftp://cdn.example.com'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
  ])('a malformed %s is named', (name, value) => {
    const problems = problemsOf({ S3_BUCKET: 'b', S3_REGION: 'us-east-1', ...KEYS, [name]: value });
    expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
  });
});

describe('config: nightly backups', () => {
  it('are off by default, at 3 o’clock keeping 7 when BACKUP_DIR is set', () => {
    expect(loadConfig({}).backup).toEqual({ nightlyDir: undefined, hour: 3, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups/', BACKUP_HOUR: '0', BACKUP_KEEP: '30' }).backup).toEqual({
      nightlyDir: '/srv/backups',
      hour: 0,
      keep: 30,
    });
  });

  it.each([
    ['BACKUP_HOUR', '24'],
    ['BACKUP_HOUR', '-1'],
    ['BACKUP_HOUR', '3.5'],
    ['BACKUP_HOUR', 'night'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'all'],
  ])('%s=%s is refused, naming the variable', (name, value) => {
    expect(problemsOf({ BACKUP_DIR: '/srv/backups', [name]: value }).map((p) => p.split(':')[0])).toEqual([name]);
  });
});

describe('config: owner notices', () => {
  it('mails ADMIN_EMAIL unless NOTIFY_EMAIL is set; no Telegram; Moscow time by default', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Owner@Shop.test' }).notify).toEqual({
      email: 'owner@shop.test',
      telegram: null,
      timeZone: 'Europe/Moscow',
    });
    expect(loadConfig({ ADMIN_EMAIL: 'a@shop.test', NOTIFY_EMAIL: 'orders@shop.test' }).notify.email).toBe(
      'orders@shop.test',
    );
  });

  it('a Telegram bot needs its token and chat id; the API base may point elsewhere', () => {
    const config = loadConfig({
      TELEGRAM_BOT_TOKEN: '1:abc',
      TELEGRAM_CHAT_ID: '-100',
      TELEGRAM_API_URL: 'http://127.0.0.1:9/',
    });
    expect(config.notify.telegram).toEqual({
      botToken: '1:abc',
      chatId: '-100',
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 10_000,
    });
  });

  it.each([
    [{ TELEGRAM_BOT_TOKEN: '1:abc' }, 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID'],
    [{ TELEGRAM_CHAT_ID: '5' }, 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID'],
    [{ NOTIFY_EMAIL: 'not-an-email' }, 'NOTIFY_EMAIL'],
    [{ SHOP_TIMEZONE: 'Mars/Olympus' }, 'SHOP_TIMEZONE'],
    [{ TELEGRAM_API_URL: 'ftp://x' }, 'TELEGRAM_API_URL'],
    [{ TELEGRAM_TIMEOUT_MS: '5' }, 'TELEGRAM_TIMEOUT_MS'],
  ])('%j is refused, naming %s', (env, name) => {
    expect(problemsOf(env).some((p) => p.startsWith(name))).toBe(true);
  });
});

describe('config: fiscal receipts', () => {
  const yookassa = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k' };

  it('are off by default; RECEIPTS=yookassa: VAT code 1, no tax system, goods commodity, lessons and courses a service', () => {
    expect(loadConfig({}).receipts).toBeNull();
    expect(loadConfig({ ...yookassa, RECEIPTS: 'off' }).receipts).toBeNull();
    expect(loadConfig({ ...yookassa, RECEIPTS: 'yookassa' }).receipts).toEqual({
      selfEmployed: false,
      vatCode: 1,
      taxSystemCode: undefined,
      subjects: { goods: 'commodity', digital: 'commodity', lesson: 'service', course: 'service' },
    });
  });

  it('takes the tax system, the VAT code and a subject per kind of line', () => {
    const config = loadConfig({
      ...yookassa,
      RECEIPTS: 'yookassa',
      RECEIPT_TAX_SYSTEM_CODE: '2',
      RECEIPT_VAT_CODE: '4',
      RECEIPT_SUBJECT_DIGITAL: 'intellectual_activity',
      RECEIPT_SUBJECT_LESSON: 'intellectual_activity',
    });
    expect(config.receipts).toMatchObject({
      vatCode: 4,
      taxSystemCode: 2,
      subjects: { goods: 'commodity', digital: 'intellectual_activity', lesson: 'intellectual_activity' },
    });
  });

  it('self-employed: VAT code 1 and no tax system', () => {
    expect(loadConfig({ ...yookassa, RECEIPTS: 'yookassa', RECEIPT_SELF_EMPLOYED: 'true' }).receipts).toMatchObject({
      selfEmployed: true,
      vatCode: 1,
      taxSystemCode: undefined,
    });
  });

  it.each([
    ['RECEIPTS', { RECEIPTS: 'atol' }],
    ['RECEIPT_TAX_SYSTEM_CODE', { RECEIPT_TAX_SYSTEM_CODE: '7' }],
    ['RECEIPT_TAX_SYSTEM_CODE', { RECEIPT_TAX_SYSTEM_CODE: 'usn' }],
    ['RECEIPT_VAT_CODE', { RECEIPT_VAT_CODE: '0' }],
    ['RECEIPT_VAT_CODE', { RECEIPT_VAT_CODE: '1.5' }],
    ['RECEIPT_SELF_EMPLOYED', { RECEIPT_SELF_EMPLOYED: 'maybe' }],
    ['RECEIPT_SUBJECT_GOODS', { RECEIPT_SUBJECT_GOODS: 'bouquet' }],
    ['RECEIPT_SUBJECT_LESSON', { RECEIPT_SUBJECT_LESSON: 'commodity' }],
    ['RECEIPT_VAT_CODE', { RECEIPT_SELF_EMPLOYED: 'true', RECEIPT_VAT_CODE: '4' }],
    ['RECEIPT_TAX_SYSTEM_CODE', { RECEIPT_SELF_EMPLOYED: 'true', RECEIPT_TAX_SYSTEM_CODE: '2' }],
  ])('a bad %s refuses to start, naming it', (name, env) => {
    expect(problemsOf({ ...yookassa, RECEIPTS: 'yookassa', ...env }).map((p) => p.split(':')[0])).toEqual([name]);
  });

  it('RECEIPTS=yookassa without YooKassa as the card provider refuses to start', () => {
    const problems = problemsOf({ RECEIPTS: 'yookassa' });
    expect(problems).toEqual([
      'RECEIPTS: yookassa needs PAYMENT_PROVIDER=yookassa (receipts are sent with YooKassa payments)',
    ]);
  });
});

describe('config: CDEK delivery', () => {
  const cdek = { CDEK_CLIENT_ID: 'account', CDEK_CLIENT_SECRET: 'secure-password' };

  it('is off without credentials; with them: CDEK’s test environment, Moscow, tariffs 136 and 368, a check every 30 min', () => {
    expect(loadConfig({}).cdek).toBeNull();
    expect(loadConfig(cdek).cdek).toEqual({
      clientId: 'account',
      clientSecret: 'secure-password',
      apiUrl: 'https://api.edu.cdek.ru/v2',
      fromCityCode: 44,
      shipmentPoint: undefined,
      tariffs: { pickup: 136, locker: 368 },
      pollIntervalMs: 30 * 60_000,
      timeoutMs: 10_000,
    });
  });

  it('takes the shop’s city, office, tariffs and CDEK’s real API (trailing slash dropped)', () => {
    const config = loadConfig({
      ...cdek,
      CDEK_API_URL: 'https://api.cdek.ru/v2/',
      CDEK_FROM_CITY_CODE: '424',
      CDEK_SHIPMENT_POINT: 'KZN3',
      CDEK_TARIFF_PICKUP: '234',
      CDEK_TARIFF_LOCKER: '378',
      CDEK_POLL_MINUTES: '5',
    }).cdek;
    expect(config).toMatchObject({
      apiUrl: 'https://api.cdek.ru/v2',
      fromCityCode: 424,
      shipmentPoint: 'KZN3',
      tariffs: { pickup: 234, locker: 378 },
      pollIntervalMs: 5 * 60_000,
    });
  });

  it.each([
    ['CDEK_CLIENT_ID and CDEK_CLIENT_SECRET', { CDEK_CLIENT_ID: 'account' }],
    ['CDEK_API_URL', { ...cdek, CDEK_API_URL: 'ftp://cdek' }],
    ['CDEK_FROM_CITY_CODE', { ...cdek, CDEK_FROM_CITY_CODE: 'Moscow' }],
    ['CDEK_SHIPMENT_POINT', { ...cdek, CDEK_SHIPMENT_POINT: 'MSK 71' }],
    ['CDEK_POLL_MINUTES', { ...cdek, CDEK_POLL_MINUTES: '0' }],
  ])('a bad %s refuses to start, naming it', (name, env) => {
    expect(problemsOf(env).map((p) => p.split(':')[0])).toEqual([name]);
  });

  it('production refuses CDEK’s test environment, whose parcels are never delivered', () => {
    const live = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      PUBLIC_URL: 'https://shop.example.com',
      PAYMENT_PROVIDER: 'none',
      MEDIA_URL_SECRET: STRONG_SECRET,
      ...cdek,
    };
    expect(problemsOf(live).map((p) => p.split(':')[0])).toEqual(['CDEK_API_URL']);
    expect(problemsOf({ ...live, CDEK_API_URL: 'https://api.cdek.ru/v2' })).toEqual([]);
  });
});
