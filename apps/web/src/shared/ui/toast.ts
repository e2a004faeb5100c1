import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts without sonner in the first paint: the library (and the <Toaster> that draws it) loads on
 * the first toast. sonner replays the toasts created before its Toaster subscribed, so nothing shown
 * in the meantime is lost.
 */

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error' | 'info', message: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast: sonner }) => sonner[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};

/** True once a toast has been asked for: the layout then mounts the (lazy) Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // A server-rendered page has shown no toast.
    () => false,
  );
}
