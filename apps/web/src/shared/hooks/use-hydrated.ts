import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and during hydration, true once the page runs in the browser. What depends
 * on the visitor (signed in, their favourites and alerts) waits for it, so the first render of a
 * server-rendered page is the same on the server and in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
