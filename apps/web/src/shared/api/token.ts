import { TOKEN_TTL_DAYS } from '@atelier/shared';
import { deleteCookie, localStore, readCookie, writeCookie } from '../storage/browser-storage';

const TOKEN_KEY = 'token';

/** The session token lives in localStorage and in a 7-day cookie. */
export function getToken(): string | null {
  return localStore.get(TOKEN_KEY) ?? readCookie(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStore.set(TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token, TOKEN_TTL_DAYS);
}

export function dropToken(): void {
  localStore.remove(TOKEN_KEY);
  deleteCookie(TOKEN_KEY);
}
