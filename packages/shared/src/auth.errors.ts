/**
 * The `code`s the auth feature answers with (sign-up, sign-in, e-mail codes and links, passwords).
 * A code is declared in one feature's list (others may answer with it too); error-codes.ts merges the lists.
 */
export const AUTH_ERRORS = [
  'EMAIL_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'CAPTCHA_INVALID',
  'SMARTCAPTCHA_UNAVAILABLE',
  'INVALID_CODE',
  'CODE_LOCKED',
  'INVALID_TOKEN',
  'INVALID_PASSWORD',
  'PASSWORD_TOO_COMMON',
] as const;
export type AuthErrorCode = (typeof AUTH_ERRORS)[number];
