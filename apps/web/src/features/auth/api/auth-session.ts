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

/** At start: with a stored token, ask the server who we are; any failure drops the token. */
export async function restoreSession(): Promise<void> {
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
