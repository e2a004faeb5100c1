import { SERVER_MESSAGES } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { confirmingResolver } from '../../shared/forms/confirm-password';
import {
  codeDigits,
  LoginFormSchema,
  NewPasswordFormSchema,
  type RegisterFormInput,
  RegisterFormSchema,
} from './auth-schemas';

const valid: RegisterFormInput = {
  name: 'Анна',
  email: 'anna@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  captchaAnswer: '12',
  agreement: true,
  personalData: true,
};

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('registration form = the API body rules + confirmation + agreement + personal-data consent', () => {
  it.each([
    ['a valid form', {}, []],
    ['empty name', { name: ' ' }, ['name:nameRequired']],
    ['one-letter name', { name: 'A' }, ['name:nameShort']],
    ['empty email', { email: '' }, ['email:emailRequired']],
    ['bad email', { email: 'anna.example.com' }, ['email:emailInvalid']],
    ['short password', { password: '12345', confirmPassword: '12345' }, ['password:passwordShort']],
    ['passwords differ', { confirmPassword: 'secret2' }, ['confirmPassword:passwordsDiffer']],
    ['captcha empty', { captchaAnswer: '' }, ['captchaAnswer:captchaRequired']],
    ['captcha not a number', { captchaAnswer: 'twelve' }, ['captchaAnswer:captchaWrong']],
    ['agreement not accepted', { agreement: false }, ['agreement:agreementRequired']],
    [
      'no personal-data consent (a box of its own)',
      { personalData: false },
      ['personalData:personalDataConsentRequired'],
    ],
  ] as const)('%s → %j', (_name, change, expected) => {
    expect(issues(RegisterFormSchema.safeParse({ ...valid, ...change }))).toEqual(expected);
  });

  it('the form reports a password mismatch in the same submit as the other wrong fields', async () => {
    const resolve = confirmingResolver(zodResolver(RegisterFormSchema), 'password');
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const result = await resolve({ ...valid, name: '', email: '', confirmPassword: 'other' }, undefined, options);
    expect(Object.fromEntries(Object.entries(result.errors).map(([key, error]) => [key, error?.message]))).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      confirmPassword: 'passwordsDiffer',
    });
    expect((await resolve(valid, undefined, options)).errors).toEqual({});
  });

  it('sends the captcha answer as a number and the email trimmed in lower case', () => {
    const result = RegisterFormSchema.parse({ ...valid, email: '  Anna@Example.COM ', captchaAnswer: ' 12 ' });
    expect(result.captchaAnswer).toBe(12);
    expect(result.email).toBe('anna@example.com');
  });

  it('every message the forms can show has a ru, en and es text in SERVER_MESSAGES', () => {
    const keys = ['nameRequired', 'nameShort', 'emailInvalid', 'passwordShort', 'passwordsDiffer', 'captchaRequired'];
    for (const key of [...keys, 'captchaWrong', 'agreementRequired', 'codeIncomplete']) {
      const texts = SERVER_MESSAGES[key as keyof typeof SERVER_MESSAGES];
      expect(texts, key).toBeDefined();
      expect(Object.keys(texts).sort()).toEqual(['en', 'es', 'ru']);
    }
    expect(SERVER_MESSAGES.passwordsDiffer.en).toBe('Passwords do not match');
    expect(SERVER_MESSAGES.captchaRequired.en).toBe('Please solve the example');
    expect(SERVER_MESSAGES.captchaWrong.en).toBe('Incorrect answer to the example');
    expect(SERVER_MESSAGES.codeIncomplete.en).toBe('Please enter all 6 digits of the code');
  });
});

describe('login and new-password forms', () => {
  it.each([
    [{ email: 'anna@example.com', password: 'x' }, []],
    [{ email: '', password: '' }, ['email:emailRequired', 'password:passwordRequired']],
    [{ email: 'anna@', password: 'x' }, ['email:emailInvalid']],
  ] as const)('login %j → %j', (form, expected) => {
    expect(issues(LoginFormSchema.safeParse(form))).toEqual(expected);
  });

  it.each([
    [{ password: 'secret1', confirmPassword: 'secret1' }, []],
    [{ password: 'short', confirmPassword: 'short' }, ['password:passwordShort']],
    [{ password: 'secret1', confirmPassword: 'secret2' }, ['confirmPassword:passwordsDiffer']],
  ] as const)('new password %j → %j', (form, expected) => {
    expect(issues(NewPasswordFormSchema.safeParse(form))).toEqual(expected);
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
