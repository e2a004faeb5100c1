import { TOKEN_TTL_DAYS } from '@atelier/shared';
import { deleteCookie, localStore, readCookie, writeCookie } from '../storage/browser-storage';

const TOKEN_KEY = 'token';

/**
 * The session token lives in localStorage and in a 7-day cookie. The API reads the header; the
 * cookie is what `<video>`, `<track>`, hls.js and download links send for the lesson files (the
 * server checks a signed media URL against the signed-in requester), so it is put back whenever it
 * went missing or names another session.
 */
export function getToken(): string | null {
  const stored = localStore.get(TOKEN_KEY);
  if (stored && readCookie(TOKEN_KEY) !== stored) writeCookie(TOKEN_KEY, stored, TOKEN_TTL_DAYS);
  return stored ?? readCookie(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStore.set(TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token, TOKEN_TTL_DAYS);
}

export function dropToken(): void {
  localStore.remove(TOKEN_KEY);
  deleteCookie(TOKEN_KEY);
}
