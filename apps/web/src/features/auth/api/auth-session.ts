import type { User } from '@atelier/shared';
import { useSyncExternalStore } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { dropToken, getToken, saveToken } from '../../../shared/api/token';
import { fetchMe } from './get-me';

/**
 * Loading, then authenticated (user + token) or guest. `unavailable`: a token is stored
 * but the check could not reach a verdict (network, timeout, 5xx) even after the retries; the token
 * is kept and the guards offer to check again.
 */
export type Session =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'guest'; user: null }
  | { status: 'unavailable'; user: null };

let session: Session = { status: 'loading', user: null };
const listeners = new Set<() => void>();
/** Bumped by every session change so a slower, older token check never overwrites it. */
let checkRun = 0;

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

/** A server-rendered page knows no visitor: it is rendered, and hydrated, as still checking. */
const RENDERED_SESSION: Session = { status: 'loading', user: null };
const renderedSession = () => RENDERED_SESSION;

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, renderedSession);
}

/** Login, registration code or reset succeeded: keep the token (localStorage + 7-day cookie). */
export function startSession(user: User, token: string): void {
  checkRun++;
  saveToken(token);
  publish({ status: 'authenticated', user });
}

export function updateSessionUser(user: User): void {
  if (session.status === 'authenticated') publish({ status: 'authenticated', user });
}

export function endSession(): void {
  checkRun++;
  dropToken();
  publish({ status: 'guest', user: null });
}

/**
 * Ends the session on her own action (sign-out, account deleted) and takes her to `leave`'s page.
 * The token goes at once, so a call still on its way cannot end a later session; the guest state
 * is published only once she has left, so the sign-in guard of the page she was on (the account)
 * does not race the chosen page with a redirect to the sign-in page.
 */
export async function endSessionLeaving(leave: () => Promise<void> | void): Promise<void> {
  checkRun++;
  dropToken();
  try {
    await leave();
  } finally {
    endSession();
  }
}

/**
 * What a failed `GET /auth/me` means for the stored token. Only the server refusing the token (401)
 * ends the session; a network error, a timeout, a 5xx or a request the browser aborted because the
 * visitor navigated away says nothing about the token, so it is kept and the check is tried again.
 */
export function sessionCheckVerdict(error: unknown): 'drop' | 'keep' {
  return isApiError(error) && error.status === 401 ? 'drop' : 'keep';
}

/** Pauses before the retries of an undecided check (bounded: then the guards show "Retry"). */
export const SESSION_RETRY_DELAYS_MS = [500, 1500, 3000];

async function checkStoredToken(): Promise<void> {
  const run = ++checkRun;
  publish({ status: 'loading', user: null });
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await fetchMe();
      if (run === checkRun) publish({ status: 'authenticated', user });
      return;
    } catch (error) {
      // A newer check (login, logout, a manual retry) has taken over.
      if (run !== checkRun) return;
      if (sessionCheckVerdict(error) === 'drop') {
        endSession();
        return;
      }
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        publish({ status: 'unavailable', user: null });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (run !== checkRun) return;
      if (!getToken()) {
        publish({ status: 'guest', user: null });
        return;
      }
    }
  }
}

/** At start: with a stored token, ask the server who we are (see sessionCheckVerdict). */
export async function restoreSession(): Promise<void> {
  if (!getToken()) {
    publish({ status: 'guest', user: null });
    return;
  }
  await checkStoredToken();
}

/** The "Retry" of the guards' error state: check the stored token again. */
export async function retrySessionCheck(): Promise<void> {
  if (!getToken()) {
    publish({ status: 'guest', user: null });
    return;
  }
  await checkStoredToken();
}
