/**
 * The field types of the environment's schema (config.ts): booleans, optional strings, numbers,
 * enums and URLs where an empty value means unset, the YooKassa methods list and TRUST_PROXY.
 */
import { isIP } from 'node:net';
import { ONLINE_METHODS, type OnlineMethod } from '@atelier/shared';
import { z } from 'zod';

export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An empty value is unset, so the mode-dependent default applies. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(values).optional());

/** A whole number in [min, max]; an empty value is unset. */
export const optionalInt = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number(message).int(message).min(min, message).max(max, message).optional(),
  );
};

export const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
    message: `must be a URL like ${hint}`,
  });

/** The names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which hops in front of the app may tell the client address (X-Forwarded-For).
 * unset/false/0 = none (the socket address); a hop count (`1` = one proxy: the address that proxy
 * saw, whatever a client wrote further left); or the proxies' addresses/CIDRs. `true` is refused:
 * it would trust every hop, letting any client choose the address the rate limits count by
 * (docs/decisions/0017-accounts-that-cannot-be-taken-over.md).
 */
export function parseTrustProxy(raw: string | undefined): { value: false | number | string[] } | { error: string } {
  const value = raw?.trim() ?? '';
  if (['', 'false', '0', 'no'].includes(value.toLowerCase())) return { value: false };
  if (['true', 'yes'].includes(value.toLowerCase())) {
    return {
      error:
        '"true" would trust every hop, so any client could choose its own address with X-Forwarded-For; ' +
        'give the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { value: hops } : { error: 'a hop count must be between 0 and 10' };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0 || entries.length === 0) {
    return {
      error: `not a hop count nor a list of IP addresses/CIDRs (bad: ${bad.join(', ') || value}); e.g. 1 or 10.0.0.0/8,127.0.0.1`,
    };
  }
  return { value: entries };
}

/**
 * YOOKASSA_METHODS: the YooKassa `payment_method_data.type`s the shop's contract allows, comma-separated.
 * Unset: `bank_card,sbp` with YooKassa; every method with the demo sandbox (so the demo shows them all).
 */
export const yookassaMethods = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const list = [...new Set(raw.split(',').map((entry) => entry.trim()))].filter(Boolean);
    const bad = list.filter((entry) => !(ONLINE_METHODS as readonly string[]).includes(entry));
    if (bad.length > 0 || list.length === 0) {
      ctx.addIssue({ code: 'custom', message: `unknown method ${bad.join(', ')}; use ${ONLINE_METHODS.join(', ')}` });
      return z.NEVER;
    }
    return list as OnlineMethod[];
  });

export const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const parsed = parseTrustProxy(raw);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.value;
  });
