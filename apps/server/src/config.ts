/**
 * Configuration: the environment is parsed once, here, with zod. A bad value stops start-up with a
 * message naming every offending variable. Nothing else reads process.env.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { ONLINE_METHODS, type OnlineMethod, REVIEWS_PENDING_MAX } from '@atelier/shared';
import { z } from 'zod';
import {
  bool,
  optionalEnum,
  optionalInt,
  optionalString,
  optionalUrl,
  trustProxy,
  yookassaMethods,
} from './config.fields';
import { CDEK_TEST_API_URL, productionProblems, secretProblems } from './config.production';

export { parseTrustProxy } from './config.fields';

import { PASSWORD_COST, type ScryptCost, TEST_PASSWORD_COST } from './platform/auth/passwords';
import { RECEIPT_SUBJECTS, type ReceiptSubject } from './platform/payments/receipt';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(/^https?:$/, 'https://shop.example.com'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://user:pass@host:5432/db'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp://user:pass@smtp.example.com:587'),
  MAIL_FROM: z.string().min(3).default('Atelier <no-reply@atelier.local>'),
  /** Unset = `test` outside production; production must choose `yookassa` or `none` explicitly. */
  PAYMENT_PROVIDER: optionalEnum(['test', 'yookassa', 'none']),
  /** Unset = `api` when PAYPAL_* is set, else `sandbox` outside production and `manual` in production. */
  PAYPAL_MODE: optionalEnum(['api', 'sandbox', 'manual']),
  YOOKASSA_SHOP_ID: optionalString,
  YOOKASSA_SECRET_KEY: optionalString,
  YOOKASSA_API_URL: optionalUrl(/^https?:$/, 'https://api.yookassa.ru/v3').default('https://api.yookassa.ru/v3'),
  YOOKASSA_METHODS: yookassaMethods,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_API_URL: optionalUrl(/^https?:$/, 'https://api-m.paypal.com').default('https://api-m.paypal.com'),
  PAYMENT_SANDBOX_SECRET: optionalString,
  PAYMENT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  BANK_DETAILS: optionalString,
  /** Days a payment link works (custom-order deposits and balances, bank-transfer orders). */
  PAY_LINK_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** 54-FZ / self-employed receipts sent with YooKassa payments, completions and refunds; off by default. */
  RECEIPTS: optionalEnum(['off', 'yookassa']),
  /** YooKassa's tax system code (1–6), sent only when set. */
  RECEIPT_TAX_SYSTEM_CODE: optionalInt(1, 6),
  /** YooKassa's VAT code of every line; 1 = no VAT. */
  RECEIPT_VAT_CODE: optionalInt(1, 12),
  /** The owner is self-employed: YooKassa registers the income in "Мой налог" (at most 6 lines, no VAT). */
  RECEIPT_SELF_EMPLOYED: bool(false),
  /** Payment subject of each kind of line (54-FZ tag 1212). */
  RECEIPT_SUBJECT_GOODS: optionalEnum(RECEIPT_SUBJECTS),
  RECEIPT_SUBJECT_DIGITAL: optionalEnum(RECEIPT_SUBJECTS),
  RECEIPT_SUBJECT_LESSON: optionalEnum(['service', 'intellectual_activity']),
  RECEIPT_SUBJECT_COURSE: optionalEnum(['service', 'intellectual_activity']),
  /** CDEK delivery (pickup points and lockers, CDEK's prices, shipments): both or neither; unset = flat prices. */
  CDEK_CLIENT_ID: optionalString,
  CDEK_CLIENT_SECRET: optionalString,
  /** CDEK API v2 base URL; the default is CDEK's test environment (production: https://api.cdek.ru/v2). */
  CDEK_API_URL: optionalUrl(/^https?:$/, 'https://api.cdek.ru/v2').default(CDEK_TEST_API_URL),
  /** CDEK's code of the shop's city, where parcels leave from (44 = Moscow; CDEK's "List of Cities"). */
  CDEK_FROM_CITY_CODE: z.coerce.number().int().min(1).max(99_999_999).default(44),
  /** CDEK's office where the shop hands parcels in (e.g. MSK71); unset = the first one of the shop's city. */
  CDEK_SHIPMENT_POINT: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a CDEK office code such as MSK71')
      .optional(),
  ),
  /** CDEK tariff to a pickup point: 136 "Посылка склад-склад". */
  CDEK_TARIFF_PICKUP: z.coerce.number().int().min(1).max(100_000).default(136),
  /** CDEK tariff to a parcel locker: 368 "Посылка склад-постамат". */
  CDEK_TARIFF_LOCKER: z.coerce.number().int().min(1).max(100_000).default(368),
  /** How often each live shipment's status is asked of CDEK (webhooks are not retried by CDEK). */
  CDEK_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  CDEK_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DOWNLOAD_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  DOWNLOAD_MAX_USES: z.coerce.number().int().min(1).max(1000).default(5),
  DOWNLOAD_MAX_REISSUES: z.coerce.number().int().min(0).max(100).default(3),
  /** Unset = true outside production (the demo), false in production. */
  SEED_DEMO: optionalEnum(['true', 'false', '1', '0', 'yes', 'no']),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines on a terminal outside production, one JSON object per line otherwise. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** On SIGTERM, /api/ready answers 503 this long before the listener closes (load balancers notice). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** In-flight requests and uploads get this long to finish after the listener closes. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  BODY_LIMIT_MB: z.coerce.number().positive().max(2048).default(1),
  UPLOAD_LIMIT_MB: z.coerce.number().positive().max(4096).default(512),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_MAIL_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_VERIFY_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** First wait after RATE_LIMIT_LOGIN_PER_ACCOUNT failures from one address; doubles per further failure. */
  LOGIN_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOGIN_BACKOFF_MAX_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  RATE_LIMIT_PAYMENT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PAYMENT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Promo-code checks and purchases naming a code, per account per window (the purchase dialog checks as it is typed). */
  RATE_LIMIT_PROMO_PER_ACCOUNT: z.coerce.number().int().positive().default(30),
  /** Reviews posted per account per window (on top of the cap on reviews waiting for moderation). */
  RATE_LIMIT_REVIEWS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Payment notifications (webhooks) per client address per window. */
  RATE_LIMIT_WEBHOOK_PER_IP: z.coerce.number().int().positive().default(300),
  /** Customers' photo posts and deletions per account, and per client address, per window. */
  RATE_LIMIT_UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_UPLOADS_PER_IP: z.coerce.number().int().positive().default(60),
  /** Failed logins for one account in 24 h, from any address, before unfamiliar addresses are paced. */
  LOGIN_DAILY_MAX: z.coerce.number().int().positive().default(50),
  /** Past LOGIN_DAILY_MAX: one login try for the account per this many minutes from an unfamiliar address. */
  LOGIN_DAILY_PACE_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** Images decoded at once by this instance (unset: the cores but one, at least 1). */
  IMAGE_DECODE_CONCURRENCY: optionalInt(1, 64),
  /** Images that may wait for a decode; one more is refused with 429 and Retry-After. */
  IMAGE_DECODE_WAITING: z.coerce.number().int().min(0).max(1000).default(8),
  /** Largest customer photo (reviews, students' works, custom-order references) in megapixels. */
  CUSTOMER_IMAGE_MAX_MEGAPIXELS: z.coerce.number().positive().max(40).default(16),
  /** HMAC key of the signed lesson video/methodology URLs; unset = a random key per process start. */
  MEDIA_URL_SECRET: optionalString,
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1800),
  /** auto = transcode lesson videos into HLS when ffmpeg is found; off = MP4 only. */
  HLS: z.enum(['auto', 'off']).default('auto'),
  /** The ffmpeg binary (ffprobe is looked for next to it); unset = `ffmpeg` on PATH. */
  FFMPEG_PATH: optionalString,
  /** Card/PayPal orders left unpaid this long are cancelled automatically (stock, seats, promo uses released). */
  PENDING_ORDER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(48),
  /** The same for cash and bank transfer, which take days to arrive. */
  PENDING_TRANSFER_DAYS: z.coerce.number().int().min(1).max(365).default(5),
  /**
   * An unpaid order that took the last units of a product or the last seat of a master class is
   * held at most this long, whatever its payment method (a shorter method hold still applies).
   */
  PENDING_SCARCE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** A signed-in customer who agreed to reminders gets one mail about a cart left this long. */
  ABANDONED_CART_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** Unpaid (pending) orders one customer may have at once. */
  MAX_OPEN_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1_000_000).default(3),
  /** Counted units of one product the unpaid orders of one mailbox may hold (more: online payment). */
  UNPAID_HOLD_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Roubles the unpaid orders of one mailbox may owe together (more: online payment). */
  UNPAID_HOLD_MAX_RUB: z.coerce.number().int().min(1).max(100_000_000).default(30_000),
  /** Minutes an order beyond those caps is held from its first online payment start. */
  UNPAID_HOLD_PAYMENT_MINUTES: z.coerce
    .number()
    .int()
    .min(15)
    .max(24 * 60)
    .default(90),
  /** New accounts per client address per day (UTC days). */
  SIGNUPS_PER_IP_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Yandex SmartCaptcha's server key: set (with the client key) = registration also needs its token. */
  SMARTCAPTCHA_SERVER_KEY: optionalString,
  /** Yandex SmartCaptcha's client key (sitekey), shown to the registration form. */
  SMARTCAPTCHA_CLIENT_KEY: optionalString,
  /** The validate endpoint (tests point it at a local fake). */
  SMARTCAPTCHA_URL: optionalUrl(/^https?:$/, 'https://smartcaptcha.yandexcloud.net/validate').default(
    'https://smartcaptcha.yandexcloud.net/validate',
  ),
  /** One author's reviews waiting for moderation at once. */
  MAX_PENDING_REVIEWS: z.coerce.number().int().min(1).max(1_000_000).default(REVIEWS_PENDING_MAX),
  /** Files on an S3-compatible object storage instead of DATA_DIR/files (selected when set). */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl(/^https?:$/, 'https://storage.yandexcloud.net'),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  S3_PUBLIC_URL: optionalUrl(/^https?:$/, 'https://cdn.example.com/public'),
  /** Nightly backups made by the running server into this directory; unset = off. */
  BACKUP_DIR: optionalString,
  /** Local hour (0-23) of the nightly backup. */
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  /** Nightly backups kept; older ones are deleted after a new one succeeds. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  /** Where the owner's notices go (paid orders, expiring orders, PayPal requests, alerts, digest); unset = ADMIN_EMAIL. */
  NOTIFY_EMAIL: optionalString.pipe(z.email().optional()),
  /** Optional Telegram copy of each notice: a bot token and the chat it writes to (both or neither). */
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_CHAT_ID: optionalString,
  TELEGRAM_API_URL: optionalUrl(/^https?:$/, 'https://api.telegram.org').default('https://api.telegram.org'),
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** "Yesterday", the digest hour and the dashboard's days are counted in this IANA time zone. */
  SHOP_TIMEZONE: z
    .string()
    .min(1)
    .default('Europe/Moscow')
    .refine(validTimeZone, 'must be an IANA time zone such as Europe/Moscow'),
});

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  admin: { email: string; password: string | undefined };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  payments: {
    /** `none`: cards are not offered anywhere and the server refuses them. */
    provider: 'test' | 'yookassa' | 'none';
    /** api = PayPal's Orders API v2 (approve, then capture); sandbox = the built-in test page (demo only); manual = the owner mails an invoice link. */
    paypalMode: 'api' | 'sandbox' | 'manual';
    yookassa: { shopId: string | undefined; secretKey: string | undefined; apiUrl: string };
    /** The online ways to pay offered (YooKassa's `payment_method_data.type`), in the order shown. */
    methods: OnlineMethod[];
    paypal: {
      clientId: string | undefined;
      clientSecret: string | undefined;
      webhookId: string | undefined;
      apiUrl: string;
    };
    /** HMAC key of the sandbox's signed notifications; random per process when unset. */
    sandboxSecret: string | undefined;
    httpTimeoutMs: number;
    /** Shown to bank-transfer customers; null = "the shop will send the details". */
    bankDetails: string | null;
    /** Days a payment link (mailed, valid without signing in) works. */
    payLinkDays: number;
  };
  /** Fiscal receipts through YooKassa (RECEIPTS=yookassa); null = off. */
  receipts: ReceiptsConfig | null;
  /** CDEK delivery (CDEK_CLIENT_ID and CDEK_CLIENT_SECRET); null = the flat delivery prices. */
  cdek: CdekConfig | null;
  downloads: { linkDays: number; maxUses: number; maxReissues: number };
  seedDemo: boolean;
  /** Fastify's `trustProxy`: false = socket address, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  logLevel: string;
  logFormat: 'auto' | 'json' | 'pretty';
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  rateLimits: {
    /**
     * Failed logins for one account from one client address before that address must wait
     * (back-off); other addresses, the owner's included, are not slowed down.
     */
    loginPerAccount: number;
    /** The first wait after `loginPerAccount` failures; it doubles per further failure up to the max. */
    loginBackoffSeconds: number;
    loginBackoffMaxSeconds: number;
    /** Auth requests (login, register, verify, resend, forgot/reset password) per client IP per window. */
    authPerIp: number;
    /** Mails (verification, reset) requested for one address per window. */
    mailPerAccount: number;
    /** Code verification attempts for one address per window. */
    verifyPerAccount: number;
    windowMs: number;
    /** Minimum seconds between two verification mails to one account. */
    resendCooldownSeconds: number;
    /** Payment starts, PayPal requests, instruction mails and link re-issues per account per window. */
    paymentPerAccount: number;
    /** The same, per client address. */
    paymentPerIp: number;
    /** Promo-code checks and purchases naming a code per account per window (per address: `authPerIp`). */
    promoPerAccount: number;
    /** Reviews posted per account per window (per address: `authPerIp`). */
    reviewsPerAccount: number;
    /** Payment notifications per client address per window. */
    webhookPerIp: number;
    /** Customers' photo posts and deletions per account and per address per window. */
    uploadsPerAccount: number;
    uploadsPerIp: number;
    /** Failed logins for one account in 24 h before unfamiliar addresses are paced (decision 0093). */
    loginDailyMax: number;
    loginDailyPaceSeconds: number;
  };
  filesDir: string;
  /** Nightly backups by the running server (BACKUP_DIR unset = off), at a local hour, `keep` kept. */
  backup: { nightlyDir: string | undefined; hour: number; keep: number };
  /** scrypt cost of new password hashes; lower only with NODE_ENV=test (never in production). */
  passwordCost: ScryptCost;
  /** Object storage (S3-compatible); null = local disk under filesDir. */
  s3: S3Config | null;
  /** Signed URLs of private lesson files (video, methodology sheets). */
  media: { urlSecret: string; urlTtlSeconds: number };
  /** The decode queue and the customers' pixel cap (decision 0092). */
  images: { decodeConcurrency: number | undefined; decodeWaiting: number; customerMaxPixels: number };
  /** HLS renditions of lesson videos (HLS, FFMPEG_PATH). */
  hls: { mode: 'auto' | 'off'; ffmpegPath: string | undefined };
  /** How long unpaid orders hold what they reserved, and how many one customer may have open. */
  orders: {
    pendingOrderHours: number;
    pendingTransferDays: number;
    pendingScarceHours: number;
    maxOpenUnpaid: number;
    unpaidHoldUnitsPerProduct: number;
    /** RUB minor units. */
    unpaidHoldMaxRub: number;
    paymentHoldMinutes: number;
  };
  /** New accounts per client address per day. */
  signupsPerIpPerDay: number;
  /** Yandex SmartCaptcha on registration; null = not asked. */
  smartCaptcha: { serverKey: string; clientKey: string; url: string } | null;
  /** One author's reviews waiting for moderation at once (more: 409). */
  maxPendingReviews: number;
  /** The abandoned-cart reminder: how long a cart must be left untouched (ABANDONED_CART_HOURS). */
  cartReminders: { afterHours: number };
  /** The owner's notices: mail address, optional Telegram bot, the shop's time zone. */
  notify: {
    email: string;
    telegram: { botToken: string; chatId: string; apiUrl: string; timeoutMs: number } | null;
    timeZone: string;
  };
}

export interface ReceiptsConfig {
  /** Self-employed (422-FZ): at most 6 lines, whole quantities, VAT code 1, no subject/mode/tax system. */
  selfEmployed: boolean;
  vatCode: number;
  taxSystemCode: number | undefined;
  /** Payment subject per kind of line: physical goods, digital books, lessons, courses. */
  subjects: { goods: ReceiptSubject; digital: ReceiptSubject; lesson: ReceiptSubject; course: ReceiptSubject };
}

export interface CdekConfig {
  clientId: string;
  clientSecret: string;
  /** Without a trailing slash, e.g. https://api.edu.cdek.ru/v2. */
  apiUrl: string;
  fromCityCode: number;
  shipmentPoint: string | undefined;
  tariffs: { pickup: number; locker: number };
  pollIntervalMs: number;
  timeoutMs: number;
}

export interface S3Config {
  bucket: string;
  /** undefined = AWS S3 (the endpoint follows from the region). */
  endpoint: string | undefined;
  region: string;
  /** undefined = the AWS default credential chain (environment, shared files, instance/task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Base URL that serves the bucket's `public/` prefix (CDN or public bucket); undefined = /uploads/. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type ParsedEnv = z.output<typeof EnvSchema>;

/**
 * S3 needs a region, and credentials in the environment except on AWS itself, where they may come
 * from the default chain (instance or task role); a custom endpoint (Yandex, Selectel, MinIO) has
 * no such chain, so there both keys are required. Setting only one key is always a mistake.
 */
function s3Problems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  const keys = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (!e.S3_BUCKET) {
    const stray = (
      ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const
    ).filter((name) => e[name] !== undefined);
    if (stray.length > 0)
      problems.push(`S3_BUCKET: required when ${stray.join(', ')} is set (files go to S3 only with a bucket)`);
    return problems;
  }
  if (!e.S3_REGION) problems.push('S3_REGION: required when S3_BUCKET is set (e.g. ru-central1, ru-1, us-east-1)');
  if (keys === 1) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  else if (keys === 0 && e.S3_ENDPOINT) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT is set (only AWS itself can supply credentials by role)',
    );
  }
  return problems;
}

/**
 * Receipts ride on YooKassa payments, so they need YooKassa as the card provider; a self-employed
 * receipt has no VAT (code 1 only) and no tax system code.
 */
function receiptProblems(e: ParsedEnv, provider: string): string[] {
  const problems: string[] = [];
  if (e.RECEIPTS === 'yookassa' && provider !== 'yookassa') {
    problems.push('RECEIPTS: yookassa needs PAYMENT_PROVIDER=yookassa (receipts are sent with YooKassa payments)');
  }
  if (e.RECEIPT_SELF_EMPLOYED) {
    if (e.RECEIPT_VAT_CODE !== undefined && e.RECEIPT_VAT_CODE !== 1) {
      problems.push('RECEIPT_VAT_CODE: self-employed receipts (RECEIPT_SELF_EMPLOYED=true) take only 1 (no VAT)');
    }
    if (e.RECEIPT_TAX_SYSTEM_CODE !== undefined) {
      problems.push(
        'RECEIPT_TAX_SYSTEM_CODE: self-employed receipts (RECEIPT_SELF_EMPLOYED=true) have no tax system code; leave it unset',
      );
    }
  }
  return problems;
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  const modeProblems = [...secretProblems(env), ...(env.NODE_ENV === 'production' ? productionProblems(env) : [])];
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
      ...modeProblems,
    ]);
  }
  const e = parsed.data;
  const problems: string[] = [...modeProblems];
  const production = e.NODE_ENV === 'production';
  const provider = e.PAYMENT_PROVIDER ?? 'test';
  if (provider === 'yookassa' && (!e.YOOKASSA_SHOP_ID || !e.YOOKASSA_SECRET_KEY)) {
    problems.push('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY: required when PAYMENT_PROVIDER=yookassa');
  }
  const paypalSet = [e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET].filter(Boolean).length;
  if (paypalSet === 1) problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both or neither');
  if (paypalSet === 2 && !e.PAYPAL_WEBHOOK_ID) problems.push('PAYPAL_WEBHOOK_ID: required when PayPal is configured');
  const paypalMode = e.PAYPAL_MODE ?? (paypalSet === 2 ? 'api' : production ? 'manual' : 'sandbox');
  if (paypalMode === 'api' && paypalSet !== 2) {
    problems.push('PAYPAL_MODE: api needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID');
  }
  if (Boolean(e.TELEGRAM_BOT_TOKEN) !== Boolean(e.TELEGRAM_CHAT_ID)) {
    problems.push('TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID: set both or neither');
  }
  if (Boolean(e.SMARTCAPTCHA_SERVER_KEY) !== Boolean(e.SMARTCAPTCHA_CLIENT_KEY)) {
    problems.push('SMARTCAPTCHA_SERVER_KEY and SMARTCAPTCHA_CLIENT_KEY: set both or neither');
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) problems.push('ADMIN_EMAIL: required when ADMIN_PASSWORD is set');
  if (Boolean(e.CDEK_CLIENT_ID) !== Boolean(e.CDEK_CLIENT_SECRET)) {
    problems.push('CDEK_CLIENT_ID and CDEK_CLIENT_SECRET: set both or neither');
  }
  problems.push(...s3Problems(e), ...receiptProblems(e, provider));
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const host = e.HOST;
  const displayHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DB_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'db') },
    admin: { email: (e.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase(), password: e.ADMIN_PASSWORD },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: resolve(dataDir, 'outbox') },
    payments: {
      provider,
      paypalMode,
      yookassa: { shopId: e.YOOKASSA_SHOP_ID, secretKey: e.YOOKASSA_SECRET_KEY, apiUrl: e.YOOKASSA_API_URL },
      methods: e.YOOKASSA_METHODS ?? (provider === 'test' ? [...ONLINE_METHODS] : ['bank_card', 'sbp']),
      paypal: {
        clientId: e.PAYPAL_CLIENT_ID,
        clientSecret: e.PAYPAL_CLIENT_SECRET,
        webhookId: e.PAYPAL_WEBHOOK_ID,
        apiUrl: e.PAYPAL_API_URL,
      },
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET,
      httpTimeoutMs: e.PAYMENT_HTTP_TIMEOUT_MS,
      bankDetails: e.BANK_DETAILS ?? null,
      payLinkDays: e.PAY_LINK_DAYS,
    },
    receipts:
      e.RECEIPTS === 'yookassa'
        ? {
            selfEmployed: e.RECEIPT_SELF_EMPLOYED,
            vatCode: e.RECEIPT_VAT_CODE ?? 1,
            taxSystemCode: e.RECEIPT_TAX_SYSTEM_CODE,
            subjects: {
              goods: e.RECEIPT_SUBJECT_GOODS ?? 'commodity',
              digital: e.RECEIPT_SUBJECT_DIGITAL ?? 'commodity',
              lesson: e.RECEIPT_SUBJECT_LESSON ?? 'service',
              course: e.RECEIPT_SUBJECT_COURSE ?? 'service',
            },
          }
        : null,
    cdek:
      e.CDEK_CLIENT_ID && e.CDEK_CLIENT_SECRET
        ? {
            clientId: e.CDEK_CLIENT_ID,
            clientSecret: e.CDEK_CLIENT_SECRET,
            apiUrl: e.CDEK_API_URL.replace(/\/+$/, ''),
            fromCityCode: e.CDEK_FROM_CITY_CODE,
            shipmentPoint: e.CDEK_SHIPMENT_POINT,
            tariffs: { pickup: e.CDEK_TARIFF_PICKUP, locker: e.CDEK_TARIFF_LOCKER },
            pollIntervalMs: e.CDEK_POLL_MINUTES * 60_000,
            timeoutMs: e.CDEK_HTTP_TIMEOUT_MS,
          }
        : null,
    downloads: {
      linkDays: e.DOWNLOAD_LINK_DAYS,
      maxUses: e.DOWNLOAD_MAX_USES,
      maxReissues: e.DOWNLOAD_MAX_REISSUES,
    },
    seedDemo: e.SEED_DEMO === undefined ? !production : ['true', '1', 'yes'].includes(e.SEED_DEMO),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    shutdown: { drainSeconds: e.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS },
    bodyLimitBytes: Math.round(e.BODY_LIMIT_MB * 1024 * 1024),
    uploadLimitBytes: Math.round(e.UPLOAD_LIMIT_MB * 1024 * 1024),
    rateLimits: {
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      mailPerAccount: e.RATE_LIMIT_MAIL_PER_ACCOUNT,
      verifyPerAccount: e.RATE_LIMIT_VERIFY_PER_ACCOUNT,
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      resendCooldownSeconds: e.RESEND_COOLDOWN_SECONDS,
      loginBackoffSeconds: e.LOGIN_BACKOFF_SECONDS,
      loginBackoffMaxSeconds: e.LOGIN_BACKOFF_MAX_MINUTES * 60,
      paymentPerAccount: e.RATE_LIMIT_PAYMENT_PER_ACCOUNT,
      paymentPerIp: e.RATE_LIMIT_PAYMENT_PER_IP,
      promoPerAccount: e.RATE_LIMIT_PROMO_PER_ACCOUNT,
      reviewsPerAccount: e.RATE_LIMIT_REVIEWS_PER_ACCOUNT,
      webhookPerIp: e.RATE_LIMIT_WEBHOOK_PER_IP,
      uploadsPerAccount: e.RATE_LIMIT_UPLOADS_PER_ACCOUNT,
      uploadsPerIp: e.RATE_LIMIT_UPLOADS_PER_IP,
      loginDailyMax: e.LOGIN_DAILY_MAX,
      loginDailyPaceSeconds: e.LOGIN_DAILY_PACE_MINUTES * 60,
    },
    filesDir: resolve(dataDir, 'files'),
    backup: {
      nightlyDir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : undefined,
      hour: e.BACKUP_HOUR,
      keep: e.BACKUP_KEEP,
    },
    passwordCost: e.NODE_ENV === 'test' ? TEST_PASSWORD_COST : PASSWORD_COST,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION as string,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : null,
    media: {
      // A per-process key is fine for one instance (URLs live minutes); several instances need one shared key.
      urlSecret: e.MEDIA_URL_SECRET ?? randomBytes(32).toString('hex'),
      urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    },
    images: {
      decodeConcurrency: e.IMAGE_DECODE_CONCURRENCY,
      decodeWaiting: e.IMAGE_DECODE_WAITING,
      customerMaxPixels: Math.round(e.CUSTOMER_IMAGE_MAX_MEGAPIXELS * 1_000_000),
    },
    hls: { mode: e.HLS, ffmpegPath: e.FFMPEG_PATH },
    orders: {
      pendingOrderHours: e.PENDING_ORDER_HOURS,
      pendingTransferDays: e.PENDING_TRANSFER_DAYS,
      pendingScarceHours: e.PENDING_SCARCE_HOURS,
      maxOpenUnpaid: e.MAX_OPEN_UNPAID_ORDERS,
      unpaidHoldUnitsPerProduct: e.UNPAID_HOLD_UNITS_PER_PRODUCT,
      unpaidHoldMaxRub: e.UNPAID_HOLD_MAX_RUB * 100,
      paymentHoldMinutes: e.UNPAID_HOLD_PAYMENT_MINUTES,
    },
    signupsPerIpPerDay: e.SIGNUPS_PER_IP_PER_DAY,
    smartCaptcha:
      e.SMARTCAPTCHA_SERVER_KEY && e.SMARTCAPTCHA_CLIENT_KEY
        ? { serverKey: e.SMARTCAPTCHA_SERVER_KEY, clientKey: e.SMARTCAPTCHA_CLIENT_KEY, url: e.SMARTCAPTCHA_URL }
        : null,
    maxPendingReviews: e.MAX_PENDING_REVIEWS,
    cartReminders: { afterHours: e.ABANDONED_CART_HOURS },
    notify: {
      email: (e.NOTIFY_EMAIL ?? e.ADMIN_EMAIL ?? 'admin@example.com').toLowerCase(),
      telegram:
        e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
          ? {
              botToken: e.TELEGRAM_BOT_TOKEN,
              chatId: e.TELEGRAM_CHAT_ID,
              apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
              timeoutMs: e.TELEGRAM_TIMEOUT_MS,
            }
          : null,
      timeZone: e.SHOP_TIMEZONE,
    },
  };
}
