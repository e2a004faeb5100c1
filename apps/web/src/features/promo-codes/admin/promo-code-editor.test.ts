import { PromoCodeWriteSchema } from '@atelier/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorAt, writeResolver } from '../../../shared/forms/write-resolver';
import { isGuessableCode, type PromoCodeForm, promoCodeBody, promoCodeFormOf } from './promo-code-editor';

const check = <F extends FieldValues, B>(resolver: Resolver<F, unknown, B>, form: F) =>
  resolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
const form: PromoCodeForm = { ...promoCodeFormOf(null), code: ' spring-24 ', expiresAt: '2030-03-08' };

describe('promo code editor', () => {
  it('sends the code as typed (trimmed), no limit as null, the expiry at the end of that day', () => {
    expect(promoCodeBody(form)).toEqual({
      code: 'spring-24',
      percentOff: 10,
      lessonIds: [],
      courseIds: [],
      maxUses: null,
      expiresAt: '2030-03-08T23:59:59.000Z',
      active: true,
    });
  });

  it.each([
    ['a code with spaces inside', { code: 'SPRING 24' }, 'code'],
    ['a discount over 100 %', { percentOff: '101' }, 'percentOff'],
    ['a limit of zero uses', { maxUses: '0' }, 'maxUses'],
  ] as const)('is refused before sending: %s', async (_name, change, path) => {
    const resolver = writeResolver(PromoCodeWriteSchema, promoCodeBody);
    expect((await check(resolver, form)).errors).toEqual({});
    expect(errorAt((await check(resolver, { ...form, ...change })).errors, path)).toBeDefined();
  });
});

describe('the warning about codes that are easy to guess', () => {
  it.each([
    ['SILK10', 100, true],
    ['silk10', 50, true],
    ['SPRINGSALE2024', 60, true],
    ['spring-2024', 100, true],
    ['12345678', 75, true],
    ['SILK10', 49, false],
    ['K7M-4QX-P2L9', 100, false],
    ['ROSE7-LILAC3', 100, false],
    ['', 100, false],
  ])('%s at %i %% → %s', (code, percent, warned) => {
    expect(isGuessableCode(code, percent)).toBe(warned);
  });
});
