import { useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type Intent, intentStore } from './intent-store';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type IntentRequest = DistributiveOmit<Intent, 'returnTo'>;

/**
 * A guest's action that needs an account: remember it with this page's address and go to sign in.
 * After signing in (or registering and entering the code) the visitor is back here and the action
 * is finished for them.
 */
export function useSignInFor() {
  const navigate = useNavigate();
  const location = useLocation();
  return (intent: IntentRequest, options: { tab?: 'register' } = {}) => {
    const returnTo = location.pathname + location.search;
    const kept = intentStore.save({ ...intent, returnTo } as Intent);
    const params = new URLSearchParams();
    if (options.tab) params.set('tab', options.tab);
    if (kept) params.set('next', returnTo);
    const query = params.toString();
    void navigate(`/auth${query ? `?${query}` : ''}`);
  };
}

/*
 * What the page the visitor came back to hears: the intent just finished (a purchase dialog to open)
 * and the welcome the sign-in held back so that one toast says both.
 */
let resumed: Intent | null = null;
let welcome: string | null = null;
const listeners = new Set<() => void>();

export function publishResumed(intent: Intent): void {
  resumed = intent;
  for (const listener of listeners) listener();
}

/** The page takes it once (a purchase dialog opens once, not again after closing it). */
export function consumeResumed(): void {
  resumed = null;
  for (const listener of listeners) listener();
}

export function useResumedIntent(): Intent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => resumed,
    () => null,
  );
}

/**
 * A sign-in with an intent waiting keeps its "signed in" message for the toast that says what was
 * done (one toast, not two); without an intent it is shown at once. True when it was kept.
 */
export function deferWelcome(message: string): boolean {
  if (!intentStore.peek()) return false;
  welcome = message;
  return true;
}

export function takeWelcome(): string | null {
  const message = welcome;
  welcome = null;
  return message;
}
