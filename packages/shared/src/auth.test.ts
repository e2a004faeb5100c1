import { describe, expect, it } from 'vitest';
import { ChangePasswordBody, isValidPhone, LoginBody, RegisterBody, UpdateProfileBody, VerifyEmailBody } from './auth';
import { SERVER_MESSAGES } from './messages';

const captchaId = '6f1c3b9e-2d4a-4c8e-9f0a-1b2c3d4e5f60';
const consents = [
  { kind: 'agreement', language: 'ru', version: 1 },
  { kind: 'personal-data', language: 'ru', version: 1 },
];
const valid = { name: 'Anna', email: 'anna@example.com', password: 'secret1', captchaId, captchaAnswer: 12, consents };

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('RegisterBody', () => {
  it('trims the name, trims and lower-cases the email, accepts a numeric-string answer', () => {
    const parsed = RegisterBody.parse({
      ...valid,
      name: '  Anna ',
      email: ' Anna@Example.COM ',
      captchaAnswer: ' 12 ',
    });
    expect(parsed).toEqual({ ...valid, captchaAnswer: 12 });
  });

  it('no consents sent is an empty list (the server then says which one is missing)', () => {
    const { consents: _none, ...withoutConsents } = valid;
    expect(RegisterBody.parse(withoutConsents).consents).toEqual([]);
  });

  it.each([
    ['a kind twice', [...consents, { kind: 'agreement', language: 'en', version: 1 }]],
    ['an unknown kind', [{ kind: 'contract', language: 'ru', version: 1 }]],
    ['version 0', [{ kind: 'agreement', language: 'ru', version: 0 }]],
    ['a fractional version', [{ kind: 'agreement', language: 'ru', version: 1.5 }]],
    ['more than there are kinds', Array.from({ length: 6 }, () => consents[0])],
  ])('consents with %s are refused', (_name, given) => {
    expect(RegisterBody.safeParse({ ...valid, consents: given }).success).toBe(false);
  });

  it('strips role, isAdmin and emailVerified instead of rejecting them', () => {
    const parsed = RegisterBody.parse({ ...valid, role: 'admin', isAdmin: true, emailVerified: true });
    expect(parsed).toEqual(valid);
  });

  it.each([
    [{ name: 'A' }, 'name', 'nameShort'],
    [{ name: '   ' }, 'name', 'nameRequired'],
    [{ email: '' }, 'email', 'emailRequired'],
    [{ email: 'not-an-email' }, 'email', 'emailInvalid'],
    [{ password: '' }, 'password', 'passwordRequired'],
    [{ password: '12345' }, 'password', 'passwordShort'],
    [{ password: 'x'.repeat(129) }, 'password', 'passwordLong'],
    [{ captchaAnswer: '' }, 'captchaAnswer', 'captchaRequired'],
    [{ captchaAnswer: undefined }, 'captchaAnswer', 'captchaRequired'],
    [{ captchaAnswer: 'twelve' }, 'captchaAnswer', 'captchaWrong'],
    [{ captchaAnswer: 3.5 }, 'captchaAnswer', 'captchaWrong'],
    [{ captchaId: 'nope' }, 'captchaId', 'captchaRequired'],
  ])('%j → %s: %s', (patch, field, key) => {
    expect(messages(RegisterBody.safeParse({ ...valid, ...patch }))[field]).toBe(key);
  });

  it('every message used by the schemas is a SERVER_MESSAGES key with ru, en and es', () => {
    const bad = [
      RegisterBody.safeParse({}),
      RegisterBody.safeParse({ name: 'A', email: 'x', password: '1', captchaId: 'x', captchaAnswer: 'x' }),
      LoginBody.safeParse({}),
      VerifyEmailBody.safeParse({ email: 'a@b.co', code: '12a456' }),
      ChangePasswordBody.safeParse({ currentPassword: '', newPassword: '1' }),
      UpdateProfileBody.safeParse({ name: '', phone: '12' }),
    ];
    const keys = bad.flatMap((r) => r.error?.issues.map((i) => i.message) ?? []);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      expect(SERVER_MESSAGES, key).toHaveProperty(key);
      const texts = SERVER_MESSAGES[key as keyof typeof SERVER_MESSAGES];
      expect(Object.keys(texts).sort()).toEqual(['en', 'es', 'ru']);
    }
  });

  it('keeps the exact English texts', () => {
    expect(SERVER_MESSAGES.passwordShort.en).toBe('Password must contain at least 6 characters');
    expect(SERVER_MESSAGES.passwordsDiffer.en).toBe('Passwords do not match');
    expect(SERVER_MESSAGES.captchaRequired.en).toBe('Please solve the example');
    expect(SERVER_MESSAGES.captchaWrong.en).toBe('Incorrect answer to the example');
    expect(SERVER_MESSAGES.agreementRequired.en).toBe('Agreement with the user agreement is required');
    expect(SERVER_MESSAGES.codeIncomplete.en).toBe('Please enter all 6 digits of the code');
    expect(SERVER_MESSAGES.emailRequired.en).toBe('Email must be specified');
    expect(SERVER_MESSAGES.emailInvalid.en).toBe('Incorrect email address');
    expect(SERVER_MESSAGES.emailNotVerified.ru).toBe('Пожалуйста, подтвердите ваш email адрес. Проверьте вашу почту.');
  });
});

describe('VerifyEmailBody', () => {
  it.each(['12345', '1234567', '12a456', ''])('code %j → codeIncomplete', (code) => {
    expect(messages(VerifyEmailBody.safeParse({ email: 'a@b.co', code })).code).toBe('codeIncomplete');
  });
  it('accepts six digits', () => {
    expect(VerifyEmailBody.parse({ email: 'A@b.co', code: '012345' })).toEqual({ email: 'a@b.co', code: '012345' });
  });
});

describe('phone format (international: optional +, 10–15 digits, spaces, dashes, parentheses)', () => {
  it.each([
    ['+7 (912) 345-67-89', true],
    ['+34 612 345 678', true],
    ['89123456789', true],
    ['+1-202-555-0143', true],
    ['123456789', false],
    ['+1234567890123456', false],
    ['12345abc67890', false],
    ['++79123456789', false],
    ['', false],
  ])('%j → %s', (phone, expected) => {
    expect(isValidPhone(phone)).toBe(expected);
  });

  it('profile: empty phone clears it, a bad one is phoneInvalid, email is not accepted here', () => {
    expect(UpdateProfileBody.parse({ name: 'Bob', phone: '', email: 'x@y.z' })).toEqual({ name: 'Bob', phone: '' });
    expect(messages(UpdateProfileBody.safeParse({ name: 'Bob', phone: '12-34' })).phone).toBe('phoneInvalid');
  });
});
