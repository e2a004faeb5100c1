import { checkoutConsents, type LegalDocumentSummary, REGISTRATION_CONSENTS } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { consentRefs, isOutdatedConsent } from './consents';

const summary = (kind: LegalDocumentSummary['kind'], version: number, current = true): LegalDocumentSummary => ({
  id: `${kind}-${version}`,
  kind,
  language: 'es',
  version,
  title: kind,
  publishedAt: '2025-09-01T00:00:00.000Z',
  current,
});

const inForce = [
  summary('agreement', 3),
  summary('personal-data', 2),
  summary('personal-data', 1, false),
  summary('cross-border', 1),
  summary('cookies', 4),
];

describe('the consents a form sends are the versions in force it shows', () => {
  it.each([
    [
      'registration',
      REGISTRATION_CONSENTS,
      [
        { kind: 'agreement', language: 'es', version: 3 },
        { kind: 'personal-data', language: 'es', version: 2 },
      ],
    ],
    ['a card checkout', checkoutConsents('card'), [{ kind: 'personal-data', language: 'es', version: 2 }]],
    [
      'a PayPal checkout',
      checkoutConsents('paypal'),
      [
        { kind: 'personal-data', language: 'es', version: 2 },
        { kind: 'cross-border', language: 'es', version: 1 },
      ],
    ],
    ['the cookie banner', ['cookies'] as const, [{ kind: 'cookies', language: 'es', version: 4 }]],
  ] as const)('%s', (_name, kinds, expected) => {
    expect(consentRefs(inForce, kinds)).toEqual(expected);
  });

  it('nothing to send while the list is loading, or when it lacks a text the form asks for', () => {
    expect(consentRefs(undefined, ['agreement'])).toBeNull();
    expect(consentRefs(inForce, ['marketing'])).toBeNull();
    // An earlier version is never taken for the one in force.
    expect(consentRefs([summary('personal-data', 1, false)], ['personal-data'])).toBeNull();
  });
});

describe('a refused consent asks again when the text changed', () => {
  it.each([
    [new ApiError(409, 'LEGAL_VERSION_STALE', 'updated'), true],
    [new ApiError(400, 'LEGAL_VERSION_UNKNOWN', 'gone'), true],
    [new ApiError(400, 'CONSENT_REQUIRED', 'missing'), false],
    [new ApiError(409, 'OUT_OF_STOCK', 'sold'), false],
    [new Error('network'), false],
  ])('%s → %s', (error, expected) => {
    expect(isOutdatedConsent(error)).toBe(expected);
  });
});
