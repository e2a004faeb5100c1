import { SERVER_MESSAGES, type ServerMessageKey } from '@atelier/shared';
import { useCallback } from 'react';
import { useLanguage } from './use-language';

/**
 * The shared zod schemas (packages/shared) give message KEYS of SERVER_MESSAGES; the server
 * translates them the same way, so a rule's text lives in one place for both sides.
 * Imported by forms (lazy chunks) only: the catalogue stays out of the first paint.
 */
export function isServerMessageKey(value: unknown): value is ServerMessageKey {
  return typeof value === 'string' && Object.hasOwn(SERVER_MESSAGES, value);
}

/** `(key) => text` in the current language. */
export function useServerText() {
  const language = useLanguage();
  return useCallback((key: ServerMessageKey) => SERVER_MESSAGES[key][language], [language]);
}
