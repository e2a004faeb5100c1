import type { Language, LegalKind } from '@atelier/shared';
import { userScope } from '../api/query-keys';

/**
 * The legal documents' keys. The prefix is invalidated whole when a consent is refused as
 * outdated (registration, checkout, the cookie banner, the account) and when the owner publishes a
 * version; the owner's lists (`features/legal/api/keys.ts`) build on it.
 */
export const legalKeys = {
  all: ['legal'] as const,
  /** The version in force of every document in a language. */
  current: (language: Language) => [...legalKeys.all, 'current', language] as const,
  /** One document: the version in force, or one exact version. */
  document: (kind: LegalKind, language: Language, version?: number) =>
    [...legalKeys.all, kind, language, version ?? 'current'] as const,
};

/** The signed-in account's consents that stand (under the account's prefix: dropped with it). */
export const standingConsentKeys = {
  all: [...userScope.all, 'consents'] as const,
};
