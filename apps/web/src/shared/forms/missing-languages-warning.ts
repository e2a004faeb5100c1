import type { Language } from '@atelier/shared';

/**
 * The save warning's rule: the first save of a form whose texts lack a language is held once to
 * warn; every later save of the same form goes through (the owner was told, she decides).
 */
export function warnOnce(): (missing: readonly Language[]) => 'save' | 'warn' {
  let warned = false;
  return (missing) => {
    if (warned || missing.length === 0) return 'save';
    warned = true;
    return 'warn';
  };
}

/** The warning's text key for the languages missing: one language, or both. */
export function warningKey(missing: readonly Language[]): string {
  const other = missing.filter((lang) => lang !== 'ru');
  return `translations.admin.warning.${other.length > 1 ? 'both' : (other[0] ?? 'both')}`;
}
