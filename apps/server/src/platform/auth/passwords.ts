/**
 * Password hashing with scrypt (Node's built-in, memory-hard). Stored format:
 *   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 * Every hash carries its own cost, so the cost can be raised without invalidating existing hashes:
 * a login with a hash weaker than the current cost rehashes it (see `needsRehash`).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's current recommendation for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1,
 * 128 MiB per hash, about 0.4 s on the project's 2-core test machine.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/**
 * Only with NODE_ENV=test (config.ts): the suites hash hundreds of passwords and run 30 logins at
 * once; at the real cost they would take minutes and 128 MiB per concurrent hash.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

const KEY_LENGTH = 32;
/** Refuses absurd stored parameters instead of letting one row allocate gigabytes. */
const MAX_N = 2 ** 20;

/** scrypt needs 128·N·r bytes (plus a little); twice that leaves room without a fixed ceiling. */
const maxmemFor = (cost: ScryptCost) => 2 * 128 * cost.N * cost.r + 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: cost.N, r: cost.r, p: cost.p, maxmem: maxmemFor(cost) },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string | null | undefined) {
  const parts = stored?.split('$');
  if (parts?.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 16;
  return sane ? { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') } : null;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when `stored` was made with less work than `cost` asks for (then rehash it at login). */
export function needsRehash(stored: string | null | undefined, cost: ScryptCost): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/** A readable random password for a generated admin account. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
