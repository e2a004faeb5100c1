import type { User } from '@atelier/shared';
import { useSyncExternalStore } from 'react';
import { dropToken, getToken, saveToken } from '../../../shared/api/token';
import { fetchMe } from './get-me';

/** SPEC §4: loading, then authenticated (user + token) or guest. */
export type Session =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'guest'; user: null };

let session: Session = { status: 'loading', user: null };
const listeners = new Set<() => void>();

function publish(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Lets other features follow the session (the cart reloads when the user changes). */
export function onSessionChange(listener: (session: Session) => void): () => void {
  const wrapped = () => listener(session);
  listeners.add(wrapped);
  return () => listeners.delete(wrapped);
}

export function getSession(): Session {
  return session;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Login, registration code or reset succeeded: keep the token (localStorage + 7-day cookie). */
export function startSession(user: User, token: string): void {
  saveToken(token);
  publish({ status: 'authenticated', user });
}

export function updateSessionUser(user: User): void {
  if (session.status === 'authenticated') publish({ status: 'authenticated', user });
}

export function endSession(): void {
  dropToken();
  publish({ status: 'guest', user: null });
}

/**
 * The emailed verification link ends on `/auth?verified=1#token=<session token>`: the server has
 * verified the address and opened a session. Take the token from the fragment (never sent to any
 * server, so it stays out of logs) and wipe it from the address bar and history at once.
 */
export function takeVerificationLinkToken(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  if (location.pathname !== '/auth' || !location.hash.startsWith('#')) return null;
  if (new URLSearchParams(location.search).get('verified') !== '1') return null;
  // Not URLSearchParams: it would turn a "+" of the token into a space.
  const raw = /(?:^#|&)token=([^&]*)/.exec(location.hash)?.[1];
  let token: string;
  try {
    token = decodeURIComponent(raw ?? '');
  } catch {
    return null;
  }
  return /^[\w.~+/=-]{16,500}$/.test(token) ? token : null;
}

/** At start: with a stored token, ask the server who we are; any failure drops the token. */
export async function restoreSession(): Promise<void> {
  const linkToken = takeVerificationLinkToken(window.location);
  if (linkToken) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    saveToken(linkToken);
  }
  if (!getToken()) {
    publish({ status: 'guest', user: null });
    return;
  }
  try {
    const user = await fetchMe();
    publish({ status: 'authenticated', user });
  } catch {
    endSession();
  }
}
