import { describe, expect, it } from 'vitest';
import { codeDigits, type RegisterForm, RegisterFormSchema } from './auth-schemas';

const valid: RegisterForm = {
  name: 'Анна',
  email: 'anna@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  captchaAnswer: '12',
  agreement: true,
};

function firstIssue(change: Partial<RegisterForm>): string | null {
  const result = RegisterFormSchema.safeParse({ ...valid, ...change });
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('registration rules (SPEC §5)', () => {
  it.each([
    ['a valid form', {}, null],
    ['empty name', { name: ' ' }, 'nameRequired'],
    ['one-letter name', { name: 'A' }, 'nameShort'],
    ['bad email', { email: 'anna.example.com' }, 'emailInvalid'],
    ['short password', { password: '12345', confirmPassword: '12345' }, 'passwordShort'],
    ['passwords differ', { confirmPassword: 'secret2' }, 'passwordsDiffer'],
    ['captcha empty', { captchaAnswer: '' }, 'captchaRequired'],
    ['captcha not a number', { captchaAnswer: 'twelve' }, 'captchaWrong'],
    ['agreement not accepted', { agreement: false }, 'agreementRequired'],
  ] as const)('%s → %s', (_name, change, expected) => {
    expect(firstIssue(change)).toBe(expected);
  });
});

describe('verification code paste keeps six digits', () => {
  it.each([
    ['123456', ['1', '2', '3', '4', '5', '6']],
    [' 12-34 56 ', ['1', '2', '3', '4', '5', '6']],
    ['1234567890', ['1', '2', '3', '4', '5', '6']],
    ['abc', []],
    ['42', ['4', '2']],
  ])('%j → %o', (text, expected) => {
    expect(codeDigits(text)).toEqual(expected);
  });
});
