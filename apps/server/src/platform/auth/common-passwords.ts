/**
 * The most common passwords (top 5000 of a frequency-ranked list, built once by
 * scripts/generate-common-passwords.mjs), refused case-insensitively at registration, reset and
 * change, and for the admin's password (ADMIN_PASSWORD in production, `npm run
 * admin:reset-password`; config.production.ts). The file sits beside this module in src/ and
 * beside the bundle in dist/ (the build copies it), so the same relative URL finds it in both.
 */
import { readFileSync } from 'node:fs';

let list: Set<string> | undefined;

function load(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return load().has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return load().size;
}
