/**
 * What production mode (NODE_ENV=production) refuses on top of a valid environment, one line per
 * setting, each starting with the setting's name: missing mail or card decisions, the demo's
 * sandboxes, CDEK's test environment, plain-HTTP addresses, a weak ADMIN_PASSWORD and a guessable
 * secret. Read from the raw environment, so these are listed together with any invalid value
 * config.ts finds. Why these rules: docs/decisions/0090-production-refuses-what-is-unsafe.md.
 */
import { isIP } from 'node:net';
import { isCommonPassword } from './platform/auth/common-passwords';

/** CDEK's test environment (shared test account, test prices): the default of CDEK_API_URL. */
export const CDEK_TEST_API_URL = 'https://api.edu.cdek.ru/v2';

/**
 * Our own secrets (keys this app signs with). Several production instances must share them, and a
 * short or patterned one can be guessed, so production requires each to be set, 32+ characters and
 * not predictable (`secretStrengthProblem`). The sandbox's PAYMENT_SANDBOX_SECRET is not listed:
 * the sandbox does not exist in production.
 */
export const PRODUCTION_SECRETS = ['MEDIA_URL_SECRET'] as const;
export const MIN_SECRET_LENGTH = 32;

/** The admin's password in production (ADMIN_PASSWORD, `npm run admin:reset-password`). */
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 128;

/**
 * Settings naming an address the shop's pages, tokens, payments or customers' data travel to: in
 * production each must be https, unless its host is this machine (loopback), where nothing crosses
 * a network.
 */
export const PRODUCTION_HTTPS_URLS = [
  'PUBLIC_URL',
  'YOOKASSA_API_URL',
  'PAYPAL_API_URL',
  'CDEK_API_URL',
  'TELEGRAM_API_URL',
  'S3_ENDPOINT',
  'S3_PUBLIC_URL',
] as const;

/**
 * The least a secret must measure: its length times the Shannon entropy of its characters'
 * frequencies. A random 32-character hex string (`openssl rand -hex 16`) measures 89 bits at the
 * very least (100 000 draws); 32 × "a" measures 0, "changeme" repeated about 100.
 */
export const MIN_SECRET_BITS = 80;

/** Estimated bits of `value`: length × Shannon entropy per character. */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...value].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return length * perChar;
}

/** The length of the shortest unit that, repeated, makes `value` ("abcabcab" → 3), or null. */
export function repeatedUnit(value: string): number | null {
  for (let unit = 1; unit <= value.length / 2; unit++) {
    let repeats = true;
    for (let i = unit; i < value.length && repeats; i++) repeats = value[i] === value[i - unit];
    if (repeats) return unit;
  }
  return null;
}

/** Why `value` would be a guessable secret, or null when it is long and varied enough. */
export function secretStrengthProblem(value: string): string | null {
  if (value.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters`;
  const unit = repeatedUnit(value);
  if (unit !== null) {
    const what = unit === 1 ? 'one character' : `a ${unit}-character pattern`;
    return `is ${what} repeated; use a random value (openssl rand -hex 32)`;
  }
  const bits = Math.floor(estimatedBits(value));
  if (bits < MIN_SECRET_BITS) {
    return `is too predictable (${new Set(value).size} distinct characters, about ${bits} bits; at least ${MIN_SECRET_BITS} needed); use a random value (openssl rand -hex 32)`;
  }
  return null;
}

/**
 * Why `password` may not be the admin's password, or null when it meets the policy: 12 to 128
 * characters, and neither a common password (the list registration uses) nor one with digits or
 * symbols merely added around it ("password1234", "Qwerty2024!!"): padding a common word to 12
 * characters is what people do when told "at least 12".
 */
export function adminPasswordProblem(password: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN) return `must be at least ${ADMIN_PASSWORD_MIN} characters`;
  if (password.length > ADMIN_PASSWORD_MAX) return `must be at most ${ADMIN_PASSWORD_MAX} characters`;
  const core = password.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (isCommonPassword(password) || (core.length > 0 && isCommonPassword(core))) {
    return 'must not be a common password, nor a common one with digits or symbols added';
  }
  return null;
}

/** What an http:// address of each setting would expose. */
const HTTP_RISK: Record<(typeof PRODUCTION_HTTPS_URLS)[number], string> = {
  PUBLIC_URL: "would carry customers' pages, sign-ins and orders unencrypted",
  YOOKASSA_API_URL: 'would carry the shop key and the payments unencrypted',
  PAYPAL_API_URL: 'would carry the PayPal credentials and invoices unencrypted',
  CDEK_API_URL: "would carry the CDEK credentials and customers' addresses unencrypted",
  TELEGRAM_API_URL: "would carry the bot token and the owner's notices unencrypted",
  S3_ENDPOINT: 'would carry the storage keys and every stored file unencrypted',
  S3_PUBLIC_URL: 'would serve the images unencrypted, and browsers block those on an https page',
};

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** 127.0.0.0/8, ::1 and localhost: an address that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** What production mode needs on top of a valid environment: one line per missing or unsafe setting. */
export function productionProblems(env: Record<string, string | undefined>): string[] {
  const get = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const publicUrl = get('PUBLIC_URL');
  if (!publicUrl) {
    problems.push(
      'PUBLIC_URL: required in production: the https:// address customers open (links in mails, canonical URLs, HSTS)',
    );
  }
  for (const name of PRODUCTION_HTTPS_URLS) {
    const value = get(name);
    if (!value || !URL.canParse(value)) continue;
    const url = new URL(value);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      problems.push(`${name}: must be https:// in production (${url.origin} ${HTTP_RISK[name]})`);
    }
  }
  if (!get('SMTP_URL')) problems.push('SMTP_URL: required in production (mail is never kept in a local outbox there)');
  const provider = get('PAYMENT_PROVIDER');
  if (provider === undefined || provider === 'test') {
    problems.push(
      'PAYMENT_PROVIDER: production needs yookassa (with YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY) or none (no card payments); the test sandbox is demo only',
    );
  }
  if (get('PAYPAL_MODE') === 'sandbox')
    problems.push('PAYPAL_MODE: sandbox is demo only; use api or manual in production');
  const cdekUrl = get('CDEK_API_URL') ?? CDEK_TEST_API_URL;
  if (
    get('CDEK_CLIENT_ID') &&
    URL.canParse(cdekUrl) &&
    new URL(cdekUrl).hostname === new URL(CDEK_TEST_API_URL).hostname
  ) {
    problems.push(
      "CDEK_API_URL: production needs CDEK's real API (https://api.cdek.ru/v2); the default is CDEK's test environment, whose orders are never delivered",
    );
  }
  const adminPassword = get('ADMIN_PASSWORD');
  const passwordProblem = adminPassword === undefined ? null : adminPasswordProblem(adminPassword);
  if (passwordProblem) {
    problems.push(
      `ADMIN_PASSWORD: in production it ${passwordProblem} (or leave it unset: a new admin then gets a random one, printed once)`,
    );
  }
  for (const name of PRODUCTION_SECRETS) {
    const value = get(name);
    if (!value) {
      problems.push(`${name}: required in production (every instance must share it; openssl rand -hex 32)`);
      continue;
    }
    // Its length is checked in every mode (secretProblems); here the rest of the strength.
    const problem = value.length < MIN_SECRET_LENGTH ? null : secretStrengthProblem(value);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  return problems;
}

/** A secret that is set must be long enough in every mode; production also requires it (above). */
export function secretProblems(env: Record<string, string | undefined>): string[] {
  return PRODUCTION_SECRETS.filter((name) => {
    const value = env[name]?.trim();
    return value !== undefined && value !== '' && value.length < MIN_SECRET_LENGTH;
  }).map((name) => `${name}: must be at least ${MIN_SECRET_LENGTH} characters`);
}
