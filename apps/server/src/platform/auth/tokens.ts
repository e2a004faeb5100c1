/**
 * Secrets handed to users (bearer tokens, emailed links, 6-digit codes): made with the CSPRNG and
 * stored only as their sha256, so a database leak reveals no usable token. sha256 without a salt is
 * enough here because the secrets are random (256 bits for tokens); codes are short, so they are
 * also bound to one row, expire in minutes and lock after a few wrong tries.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A 6-digit code, uniformly 000000–999999. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
