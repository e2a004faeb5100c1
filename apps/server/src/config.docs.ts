/**
 * What each setting of `config.ts` means, for people: the source of docs/configuration.md
 * (`node scripts/config-docs.mjs` writes it, `config.docs.test.ts` fails when it is stale).
 *
 * The map is typed by the schema's input: a variable added to the schema without a line here
 * does not compile, and neither does a line for a variable the schema does not have. This file
 * imports nothing at run time, so the script reads it without the server's dependencies.
 */
import type { Env } from './config';

export interface SettingDoc {
  /** Section of docs/configuration.md. */
  group: (typeof GROUPS)[number];
  /** The default, or what happens when it is unset. */
  default: string;
  meaning: string;
}

export const GROUPS = [
  'Server',
  'Database',
  'Admin account and demo content',
  'Mail',
  'Payments',
  'Fiscal receipts (YooKassa)',
  'CDEK delivery',
  'Digital books',
  'Lesson media',
  'Orders and reviews',
  'Abuse limits',
  'Files on S3',
  'Backups',
  "The owner's notices",
  'Logs and shutdown',
] as const;

export const CONFIG_DOCS = {
  NODE_ENV: {
    group: 'Server',
    default: '`development`',
    meaning: '`development` (demo), `production` (real shop, see [Going live](operations/going-live.md)) or `test`',
  },
  PORT: { group: 'Server', default: '`3000`', meaning: 'port to listen on' },
  HOST: { group: 'Server', default: '`127.0.0.1`', meaning: 'address to listen on (`0.0.0.0` for every interface)' },
  PUBLIC_URL: {
    group: 'Server',
    default: '`http://HOST:PORT`; required in production',
    meaning:
      'public address of the site: links in mails, canonical/hreflang, sitemap, product feeds; `https://` also turns on HSTS. Production refuses `http://` (except on this machine: 127.x, localhost)',
  },
  DATA_DIR: {
    group: 'Server',
    default: '`./data`',
    meaning: 'embedded database (`db/`), stored files (`files/`), mail outbox (`outbox/`)',
  },
  DATABASE_URL: {
    group: 'Database',
    default: 'unset = embedded PGlite',
    meaning: 'PostgreSQL connection string (`postgres://user:pass@host:5432/db`)',
  },
  DB_POOL_SIZE: { group: 'Database', default: '`10`', meaning: 'PostgreSQL pool size (1–200)' },
  ADMIN_EMAIL: {
    group: 'Admin account and demo content',
    default: '`admin@example.com`',
    meaning: 'the admin account, ensured at every start (created if missing, made admin if not)',
  },
  ADMIN_PASSWORD: {
    group: 'Admin account and demo content',
    default: 'unset = random, printed once when the admin is created',
    meaning:
      'password of the admin when it is created, never applied to an existing account (one changed in the app stays; recovery: `npm run admin:reset-password`). 8+ characters; in production 12+ and not a common password; needs `ADMIN_EMAIL`',
  },
  SMTP_URL: {
    group: 'Mail',
    default: 'unset = file outbox + `/dev/mail`',
    meaning: '`smtp://` or `smtps://` URL of a mail server',
  },
  MAIL_FROM: { group: 'Mail', default: '`Atelier <no-reply@atelier.local>`', meaning: 'sender of every mail' },
  PAYMENT_PROVIDER: {
    group: 'Payments',
    default: '`test` outside production; required in production',
    meaning: '`test` (sandbox page, demo only), `yookassa` (online in RUB) or `none` (no online payments)',
  },
  PAYPAL_MODE: {
    group: 'Payments',
    default: '`api` with `PAYPAL_*`, else `sandbox` / `manual` (prod)',
    meaning:
      "`api` (PayPal's Orders API: its approval page, then the shop captures), `sandbox` (the demo page in its place) or `manual` (the owner mails an invoice link)",
  },
  YOOKASSA_SHOP_ID: {
    group: 'Payments',
    default: 'unset',
    meaning: 'YooKassa shop id, required with `PAYMENT_PROVIDER=yookassa`',
  },
  YOOKASSA_SECRET_KEY: {
    group: 'Payments',
    default: 'unset',
    meaning: 'YooKassa secret key, required with `PAYMENT_PROVIDER=yookassa`',
  },
  YOOKASSA_API_URL: { group: 'Payments', default: '`https://api.yookassa.ru/v3`', meaning: 'YooKassa API base URL' },
  YOOKASSA_METHODS: {
    group: 'Payments',
    default: '`bank_card,sbp` (every method with the `test` sandbox)',
    meaning: 'Ways to pay the contract allows: `bank_card`, `sbp`, `sberbank`, `tinkoff_bank`, `sber_bnpl`',
  },
  PAYPAL_CLIENT_ID: {
    group: 'Payments',
    default: 'unset = PayPal is the sandbox page (demo) or manual (production)',
    meaning: 'PayPal REST client id for EUR/USD payments (with `PAYPAL_CLIENT_SECRET`: both or neither)',
  },
  PAYPAL_CLIENT_SECRET: {
    group: 'Payments',
    default: 'unset',
    meaning: 'PayPal REST secret (with `PAYPAL_CLIENT_ID`: both or neither)',
  },
  PAYPAL_WEBHOOK_ID: {
    group: 'Payments',
    default: 'unset',
    meaning:
      'PayPal webhook id for verifying notifications (subscribed to `CHECKOUT.ORDER.APPROVED` and `PAYMENT.CAPTURE.*`); required when PayPal is configured',
  },
  PAYPAL_API_URL: { group: 'Payments', default: '`https://api-m.paypal.com`', meaning: 'PayPal API base URL' },
  PAYMENT_SANDBOX_SECRET: {
    group: 'Payments',
    default: 'unset = random per start',
    meaning: "HMAC key of the sandbox's signed notifications (set one shared key for several instances)",
  },
  PAYMENT_HTTP_TIMEOUT_MS: {
    group: 'Payments',
    default: '`15000`',
    meaning: 'time limit of a YooKassa/PayPal call (then: payment creation error)',
  },
  BANK_DETAILS: {
    group: 'Payments',
    default: 'unset = "the shop will email the details"',
    meaning: 'bank details in the bank-transfer instructions',
  },
  PAY_LINK_DAYS: {
    group: 'Payments',
    default: '`7`',
    meaning:
      'days a payment link works (mailed for custom-order deposits and balances and bank-transfer orders, opened without signing in); the order waits that long unless it holds stock or seats. Signed with a key derived from MEDIA_URL_SECRET',
  },
  RECEIPTS: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`off`',
    meaning:
      '`yookassa`: 54-FZ receipts for YooKassa payments, completions, refunds (needs `PAYMENT_PROVIDER=yookassa`)',
  },
  RECEIPT_TAX_SYSTEM_CODE: {
    group: 'Fiscal receipts (YooKassa)',
    default: 'unset = not sent',
    meaning: 'YooKassa tax system code `1`–`6` (e.g. `2` = simplified, income); not with `RECEIPT_SELF_EMPLOYED`',
  },
  RECEIPT_VAT_CODE: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`1` (no VAT)',
    meaning: 'YooKassa VAT code `1`–`12` of every receipt line; only `1` with `RECEIPT_SELF_EMPLOYED`',
  },
  RECEIPT_SELF_EMPLOYED: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`false`',
    meaning: '`true`: self-employed receipts in «Мой налог» (at most 6 lines, VAT code 1, no completion receipt)',
  },
  RECEIPT_SUBJECT_GOODS: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`commodity`',
    meaning: 'payment subject of physical goods: `commodity`, `job`, `service`, `intellectual_activity`, `another`',
  },
  RECEIPT_SUBJECT_DIGITAL: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`commodity`',
    meaning: 'payment subject of e-books (same values)',
  },
  RECEIPT_SUBJECT_LESSON: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`service`',
    meaning: 'payment subject of lessons: `service` or `intellectual_activity`',
  },
  RECEIPT_SUBJECT_COURSE: {
    group: 'Fiscal receipts (YooKassa)',
    default: '`service`',
    meaning: 'payment subject of courses and master classes: `service` or `intellectual_activity`',
  },
  CDEK_CLIENT_ID: {
    group: 'CDEK delivery',
    default: 'unset = flat delivery prices',
    meaning: "CDEK API account: pickup points, CDEK's prices, shipments (with `CDEK_CLIENT_SECRET`: both or neither)",
  },
  CDEK_CLIENT_SECRET: {
    group: 'CDEK delivery',
    default: 'unset',
    meaning: 'CDEK API secure password (with `CDEK_CLIENT_ID`: both or neither)',
  },
  CDEK_API_URL: {
    group: 'CDEK delivery',
    default: '`https://api.edu.cdek.ru/v2` (test environment)',
    meaning: 'CDEK API v2 base URL; production needs `https://api.cdek.ru/v2`',
  },
  CDEK_FROM_CITY_CODE: {
    group: 'CDEK delivery',
    default: '`44` (Moscow)',
    meaning: "CDEK's code of the shop's city, where parcels leave from",
  },
  CDEK_SHIPMENT_POINT: {
    group: 'CDEK delivery',
    default: 'unset = the first CDEK office of that city',
    meaning: 'CDEK office code where the shop hands parcels in (e.g. `MSK71`)',
  },
  CDEK_TARIFF_PICKUP: {
    group: 'CDEK delivery',
    default: '`136`',
    meaning: 'CDEK tariff to a pickup point ("Посылка склад-склад")',
  },
  CDEK_TARIFF_LOCKER: {
    group: 'CDEK delivery',
    default: '`368`',
    meaning: 'CDEK tariff to a parcel locker ("Посылка склад-постамат")',
  },
  CDEK_POLL_MINUTES: {
    group: 'CDEK delivery',
    default: '`30`',
    meaning: 'minutes between two status checks of a live parcel with CDEK',
  },
  CDEK_HTTP_TIMEOUT_MS: { group: 'CDEK delivery', default: '`10000`', meaning: 'time limit of a call to CDEK' },
  DOWNLOAD_LINK_DAYS: { group: 'Digital books', default: '`7`', meaning: 'days an emailed digital-book link works' },
  DOWNLOAD_MAX_USES: { group: 'Digital books', default: '`5`', meaning: 'downloads per link' },
  DOWNLOAD_MAX_REISSUES: {
    group: 'Digital books',
    default: '`3`',
    meaning: 'new links a customer may request per book in the account',
  },
  SEED_DEMO: {
    group: 'Admin account and demo content',
    default: '`true`; `false` in production',
    meaning: 'seed the demo content into an empty database',
  },
  TRUST_PROXY: {
    group: 'Server',
    default: '`false`',
    meaning:
      'proxies in front: a hop count (`1`) or their addresses/CIDRs (`10.0.0.0/8,127.0.0.1`); `true` is refused (see [Deployment](operations/deployment.md#5-trust_proxy))',
  },
  LOG_LEVEL: {
    group: 'Logs and shutdown',
    default: '`info`',
    meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  LOG_FORMAT: {
    group: 'Logs and shutdown',
    default: '`auto`',
    meaning:
      '`auto`: readable lines on a terminal outside production, JSON lines otherwise; `json` or `pretty` force one',
  },
  SHUTDOWN_DRAIN_SECONDS: {
    group: 'Logs and shutdown',
    default: '`0`',
    meaning: 'on SIGTERM, `/api/ready` answers 503 this long while requests are still served',
  },
  SHUTDOWN_TIMEOUT_SECONDS: {
    group: 'Logs and shutdown',
    default: '`30`',
    meaning: 'on SIGTERM, in-flight requests and uploads get this long to finish',
  },
  BODY_LIMIT_MB: { group: 'Server', default: '`1`', meaning: 'largest JSON request body' },
  UPLOAD_LIMIT_MB: { group: 'Server', default: '`512`', meaning: 'largest upload (lesson videos included)' },
  RATE_LIMIT_LOGIN_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`10`',
    meaning: 'failed logins for one account from one client address before that address backs off',
  },
  RATE_LIMIT_AUTH_PER_IP: {
    group: 'Abuse limits',
    default: '`100`',
    meaning: 'auth requests per client address per window',
  },
  SIGNUPS_PER_IP_PER_DAY: {
    group: 'Abuse limits',
    default: '`5`',
    meaning: 'new accounts registered from one client address per day (UTC); one more: 429',
  },
  SMARTCAPTCHA_SERVER_KEY: {
    group: 'Abuse limits',
    default: 'unset (not asked)',
    meaning:
      'Yandex SmartCaptcha server key; with `SMARTCAPTCHA_CLIENT_KEY` (both or neither) registration also needs a SmartCaptcha token, verified by the server, after the arithmetic question',
  },
  SMARTCAPTCHA_CLIENT_KEY: {
    group: 'Abuse limits',
    default: 'unset',
    meaning: 'Yandex SmartCaptcha client key (sitekey) the registration form shows the widget with',
  },
  SMARTCAPTCHA_URL: {
    group: 'Abuse limits',
    default: '`https://smartcaptcha.yandexcloud.net/validate`',
    meaning: "SmartCaptcha's validate endpoint",
  },
  RATE_LIMIT_MAIL_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`5`',
    meaning: 'verification/reset mails requested for one address per window',
  },
  RATE_LIMIT_VERIFY_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`20`',
    meaning: 'email-code verification attempts for one address per window',
  },
  RATE_LIMIT_WINDOW_MINUTES: {
    group: 'Abuse limits',
    default: '`15`',
    meaning: 'length of the rate-limit windows of this section (counters live in the database)',
  },
  RESEND_COOLDOWN_SECONDS: {
    group: 'Abuse limits',
    default: '`60`',
    meaning: 'minimum seconds between two verification mails to one account',
  },
  LOGIN_BACKOFF_SECONDS: {
    group: 'Abuse limits',
    default: '`30`',
    meaning: 'first wait of an address after `RATE_LIMIT_LOGIN_PER_ACCOUNT` failures; doubles per further failure',
  },
  LOGIN_BACKOFF_MAX_MINUTES: { group: 'Abuse limits', default: '`60`', meaning: 'longest such wait' },
  RATE_LIMIT_PAYMENT_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`10`',
    meaning: 'payment starts, PayPal requests and download re-issues per account per window',
  },
  RATE_LIMIT_PAYMENT_PER_IP: {
    group: 'Abuse limits',
    default: '`30`',
    meaning: 'the same per client address per window',
  },
  RATE_LIMIT_PROMO_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`30`',
    meaning:
      'promo-code checks and purchases naming a code per account per window (per address: `RATE_LIMIT_AUTH_PER_IP`)',
  },
  RATE_LIMIT_REVIEWS_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`5`',
    meaning: 'reviews posted per account per window (per address: `RATE_LIMIT_AUTH_PER_IP`)',
  },
  RATE_LIMIT_WEBHOOK_PER_IP: {
    group: 'Abuse limits',
    default: '`300`',
    meaning: 'payment notifications per client address per window',
  },
  RATE_LIMIT_UPLOADS_PER_ACCOUNT: {
    group: 'Abuse limits',
    default: '`20`',
    meaning: "customers' photo posts and deletions (reviews, students' works, custom orders) per account per window",
  },
  RATE_LIMIT_UPLOADS_PER_IP: {
    group: 'Abuse limits',
    default: '`60`',
    meaning: 'the same per client address (IPv6: per /64) per window',
  },
  LOGIN_DAILY_MAX: {
    group: 'Abuse limits',
    default: '`50`',
    meaning:
      'failed logins for one account in 24 h, from any address, after which addresses that never signed in to it are paced',
  },
  LOGIN_DAILY_PACE_MINUTES: {
    group: 'Abuse limits',
    default: '`5`',
    meaning: 'past `LOGIN_DAILY_MAX`: one try for that account per this many minutes from an unfamiliar address',
  },
  IMAGE_DECODE_CONCURRENCY: {
    group: 'Server',
    default: 'the cores but one (at least 1)',
    meaning: 'images this instance decodes and converts at once',
  },
  IMAGE_DECODE_WAITING: {
    group: 'Server',
    default: '`8`',
    meaning: 'images waiting for a decode; one more is refused with 429 and Retry-After',
  },
  CUSTOMER_IMAGE_MAX_MEGAPIXELS: {
    group: 'Server',
    default: '`16`',
    meaning: "largest customer photo (reviews, students' works, custom-order references); the owner's limit is 40",
  },
  MEDIA_URL_SECRET: {
    group: 'Lesson media',
    default: 'unset = random per start; required in production',
    meaning:
      'HMAC key (32+ characters) of the short-lived lesson video/methodology URLs, shared by every instance; production refuses a repeated pattern or one under 80 bits by character frequency (`openssl rand -hex 32`)',
  },
  MEDIA_URL_TTL_SECONDS: {
    group: 'Lesson media',
    default: '`1800`',
    meaning: 'how long a signed lesson media URL works for the account it was signed for (the player renews it)',
  },
  HLS: {
    group: 'Lesson media',
    default: '`auto`',
    meaning: '`auto`: with ffmpeg, lesson videos are transcoded in the background into HLS renditions; `off`: MP4 only',
  },
  FFMPEG_PATH: {
    group: 'Lesson media',
    default: 'unset = `ffmpeg` on `PATH`',
    meaning: 'the ffmpeg binary for HLS (ffprobe is looked for next to it); Debian: `apt-get install ffmpeg`',
  },
  PENDING_ORDER_HOURS: {
    group: 'Orders and reviews',
    default: '`48`',
    meaning:
      'card/PayPal orders left unpaid this long are cancelled, the customer mailed, stock/seats/promo uses released',
  },
  PENDING_TRANSFER_DAYS: {
    group: 'Orders and reviews',
    default: '`5`',
    meaning: 'the same for cash and bank-transfer orders',
  },
  PENDING_SCARCE_HOURS: {
    group: 'Orders and reviews',
    default: '`24`',
    meaning:
      'at most this long for an unpaid order that took the last units of a product or the last master-class seat, whatever the payment method',
  },
  ABANDONED_CART_HOURS: {
    group: 'Orders and reviews',
    default: '`24`',
    meaning: 'a cart left this long gets one reminder, only for customers who opted in (account page)',
  },
  MAX_OPEN_UNPAID_ORDERS: {
    group: 'Orders and reviews',
    default: '`3`',
    meaning: 'unpaid orders one customer may have open at once (one more: 409)',
  },
  UNPAID_HOLD_UNITS_PER_PRODUCT: {
    group: 'Orders and reviews',
    default: '`5`',
    meaning:
      "counted units of one product that one mailbox's unpaid orders (all its accounts, `a+1@x` = `a@x`) may hold; cash or transfer beyond it is refused, card or PayPal beyond it takes the rest only when its payment starts",
  },
  UNPAID_HOLD_MAX_RUB: {
    group: 'Orders and reviews',
    default: '`30000`',
    meaning: "roubles one mailbox's unpaid orders may owe together; beyond it, the same rule",
  },
  UNPAID_HOLD_PAYMENT_MINUTES: {
    group: 'Orders and reviews',
    default: '`90`',
    meaning:
      'an order beyond those caps is cancelled this long after its first online payment started, unpaid (starting again does not extend it)',
  },
  MAX_PENDING_REVIEWS: {
    group: 'Orders and reviews',
    default: '`3`',
    meaning: "one customer's reviews waiting for moderation at once (one more: 409)",
  },
  S3_BUCKET: {
    group: 'Files on S3',
    default: 'unset = files on disk (`DATA_DIR/files`)',
    meaning: 'bucket of an S3-compatible storage; turns the S3 driver on (see [Files on S3](operations/s3.md))',
  },
  S3_ENDPOINT: {
    group: 'Files on S3',
    default: 'unset = AWS',
    meaning: 'endpoint of another provider (`https://storage.yandexcloud.net`, `https://s3.storage.selcloud.ru`)',
  },
  S3_REGION: {
    group: 'Files on S3',
    default: 'unset (required with `S3_BUCKET`)',
    meaning: 'region (`ru-central1`, `ru-1`, `eu-central-1`, `us-east-1` for MinIO)',
  },
  S3_ACCESS_KEY_ID: {
    group: 'Files on S3',
    default: 'unset = AWS default chain (only without `S3_ENDPOINT`)',
    meaning: 'access key id (with `S3_SECRET_ACCESS_KEY`: both or neither)',
  },
  S3_SECRET_ACCESS_KEY: {
    group: 'Files on S3',
    default: 'unset',
    meaning: 'secret access key (with `S3_ACCESS_KEY_ID`: both or neither)',
  },
  S3_FORCE_PATH_STYLE: {
    group: 'Files on S3',
    default: '`false`',
    meaning: '`true` for MinIO-style servers (`endpoint/bucket/key` addressing)',
  },
  S3_PUBLIC_URL: {
    group: 'Files on S3',
    default: 'unset = images served through `/uploads/...`',
    meaning: 'base URL (CDN / public `public/` prefix) for public image URLs; private files never use it',
  },
  BACKUP_DIR: {
    group: 'Backups',
    default: 'unset = no nightly backups',
    meaning: 'directory where the running server writes a backup every night (see [Backups](operations/backups.md))',
  },
  BACKUP_HOUR: { group: 'Backups', default: '`3`', meaning: 'local hour (0–23) of the nightly backup' },
  BACKUP_KEEP: {
    group: 'Backups',
    default: '`7`',
    meaning: 'nightly backups kept; older ones are deleted after a new one succeeds',
  },
  NOTIFY_EMAIL: {
    group: "The owner's notices",
    default: '`ADMIN_EMAIL`',
    meaning: "where the owner's notices go (paid order, expiring order, PayPal request, payment alert, digest)",
  },
  TELEGRAM_BOT_TOKEN: {
    group: "The owner's notices",
    default: 'unset = no Telegram',
    meaning:
      'optional Telegram copy of each notice through a bot: its token (with `TELEGRAM_CHAT_ID`: both or neither)',
  },
  TELEGRAM_CHAT_ID: {
    group: "The owner's notices",
    default: 'unset',
    meaning: 'the chat the bot writes to (with `TELEGRAM_BOT_TOKEN`: both or neither)',
  },
  TELEGRAM_API_URL: {
    group: "The owner's notices",
    default: '`https://api.telegram.org`',
    meaning: 'Bot API base URL',
  },
  TELEGRAM_TIMEOUT_MS: { group: "The owner's notices", default: '`10000`', meaning: 'time limit of one Telegram send' },
  SHOP_TIMEZONE: {
    group: "The owner's notices",
    default: '`Europe/Moscow`',
    meaning: "the shop's days: the digest's \"yesterday\" and hour, the dashboard's days (an IANA time zone)",
  },
} satisfies Record<keyof Env, SettingDoc>;

const cell = (text: string) => text.replaceAll('|', '\\|');

/** A Markdown table with its columns padded, as the formatter (Biome) writes it. */
function table(rows: string[][]): string[] {
  const all = [['variable', 'default', 'meaning'], ...rows.map((row) => row.map(cell))];
  const widths = all[0]!.map((_, column) => Math.max(3, ...all.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(all[0]!), line(widths.map((width) => '-'.repeat(width))), ...all.slice(1).map(line)];
}

/** docs/configuration.md, exactly as committed. */
export function renderConfigurationDoc(): string {
  const entries = Object.entries(CONFIG_DOCS) as [string, SettingDoc][];
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from apps/server/src/config.docs.ts by `node scripts/config-docs.mjs`; do not edit by hand. -->',
    '',
    'Every variable is optional and validated at start-up (`apps/server/src/config.ts`); a bad value stops the',
    'server with a message naming it. `.env.example` lists them all; copy it to `.env` in the directory you',
    'start from, or set them in the environment. Production needs more of them set:',
    '[Going live](operations/going-live.md).',
    '',
    'To change a setting or add one: edit the schema in `apps/server/src/config.ts`, its line in',
    '`apps/server/src/config.docs.ts` (a missing line does not compile) and `.env.example`, then run',
    '`node scripts/config-docs.mjs`.',
  ];
  for (const group of GROUPS) {
    const rows = entries.filter(([, doc]) => doc.group === group);
    if (rows.length === 0) continue;
    lines.push('', `## ${group}`, '', ...table(rows.map(([name, doc]) => [`\`${name}\``, doc.default, doc.meaning])));
  }
  return `${lines.join('\n')}\n`;
}
