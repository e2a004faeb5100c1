/**
 * Request and reply shapes of the account calls, used by the Fastify
 * routes and by the web's forms. Every validation message is a key of SERVER_MESSAGES: the server's
 * error handler translates it into the request language, the web looks the same key up in its own
 * i18n or in SERVER_MESSAGES. Unknown keys (role, isAdmin, emailVerified, ...) are stripped.
 */
import { z } from 'zod';
import { ConsentRefsSchema } from './legal';
import type { ServerMessageKey } from './messages';
import { NAME_MIN, PASSWORD_MIN, UserSchema } from './users';

/** A message key, checked at compile time. */
const m = (key: ServerMessageKey) => key;

export const NAME_MAX = 100;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const VERIFICATION_CODE_LENGTH = 6;
/** Seconds between two verification mails to one account (the web's resend countdown). */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * International phone numbers: an optional leading +, then 10 to 15 digits, with spaces, dashes
 * and parentheses allowed between them: "+7 (912) 345-67-89", "+34 612 345 678", "89123456789".
 * Separator and digit classes are disjoint, so the pattern cannot backtrack badly.
 */
export const PHONE_PATTERN = /^\+?(?:[\s()-]*\d){10,15}[\s()-]*$/;
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export const EmailSchema = z
  .string({ error: m('emailRequired') })
  .trim()
  .min(1, { error: m('emailRequired'), abort: true })
  .max(EMAIL_MAX, m('emailInvalid'))
  .toLowerCase()
  .pipe(z.email(m('emailInvalid')));

/** A new password: length rules only (the server also rejects the most common passwords). */
export const NewPasswordSchema = z
  .string({ error: m('passwordRequired') })
  .min(1, { error: m('passwordRequired'), abort: true })
  .min(PASSWORD_MIN, m('passwordShort'))
  .max(PASSWORD_MAX, m('passwordLong'));

/** An existing password as typed at login or confirmation: never trimmed, only bounded. */
const GivenPasswordSchema = z
  .string({ error: m('passwordRequired') })
  .min(1, { error: m('passwordRequired'), abort: true })
  .max(PASSWORD_MAX, m('passwordLong'));

export const NameSchema = z
  .string({ error: m('nameRequired') })
  .trim()
  .min(1, { error: m('nameRequired'), abort: true })
  .min(NAME_MIN, m('nameShort'))
  .max(NAME_MAX, m('nameLong'));

/** The captcha answer: a number, or a numeric string as typed in a form. */
export const CaptchaAnswerSchema = z
  .union([z.number(), z.string()], { error: m('captchaRequired') })
  .transform((value, ctx): number => {
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text === '') {
      ctx.issues.push({ code: 'custom', message: m('captchaRequired'), input: value });
      return z.NEVER;
    }
    if (!/^-?\d{1,6}$/.test(text)) {
      ctx.issues.push({ code: 'custom', message: m('captchaWrong'), input: value });
      return z.NEVER;
    }
    return Number(text);
  });

export const RegisterBody = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  captchaId: z.uuid({ error: m('captchaRequired') }),
  captchaAnswer: CaptchaAnswerSchema,
  /** Yandex SmartCaptcha's token, when the shop asks for it (`GET /auth/captcha` gives its client key). */
  smartCaptchaToken: z.string().trim().max(8192).optional(),
  /** The user agreement and the consent to personal-data processing, as the form showed them. */
  consents: ConsentRefsSchema,
});
export type RegisterBody = z.infer<typeof RegisterBody>;
export type RegisterInput = z.input<typeof RegisterBody>;

export const LoginBody = z.object({ email: EmailSchema, password: GivenPasswordSchema });
export type LoginBody = z.infer<typeof LoginBody>;

export const VerificationCodeSchema = z
  .string({ error: m('codeIncomplete') })
  .trim()
  .regex(/^\d{6}$/, m('codeIncomplete'));

export const VerifyEmailBody = z.object({ email: EmailSchema, code: VerificationCodeSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const ResendVerificationBody = z.object({ email: EmailSchema });
export type ResendVerificationBody = z.infer<typeof ResendVerificationBody>;

export const ForgotPasswordBody = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({ password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Path parameter of the emailed links (base64url of 32 random bytes). */
export const EmailTokenParamSchema = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, m('badRequest')) });

/** The emailed verification link's token, POSTed by the confirm page after one click. */
export const VerifyLinkBody = EmailTokenParamSchema.strict();
export type VerifyLinkBody = z.infer<typeof VerifyLinkBody>;

export const ChangePasswordBody = z.object({
  currentPassword: GivenPasswordSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Optional text: an empty string clears the field. */
const optionalText = (max: number) => z.string().trim().max(max, m('nameLong')).optional();

export const UpdateProfileBody = z.object({
  name: NameSchema,
  firstName: optionalText(NAME_MAX),
  lastName: optionalText(NAME_MAX),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), m('phoneInvalid'))
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const DeleteAccountBody = z.object({ password: GivenPasswordSchema });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const CaptchaSchema = z.object({
  captchaId: z.uuid(),
  question: z.string(),
  /** Yandex SmartCaptcha's client key when registration also asks for its token; null = not asked. */
  smartCaptchaClientKey: z.string().nullable(),
});
export type Captcha = z.infer<typeof CaptchaSchema>;

export const AuthResultSchema = z.object({
  token: z.string(),
  user: UserSchema,
  /**
   * Only after verifying an address two people registered with different passwords: neither
   * password was kept, and `setPasswordToken` (a one-time reset token, as the emailed reset links
   * carry) sets one at `POST /auth/reset-password/{token}`.
   */
  mustSetPassword: z.literal(true).optional(),
  setPasswordToken: z.string().optional(),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const RegisterResultSchema = z.object({ email: z.string() });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

export const UserResultSchema = z.object({ user: UserSchema });
export type UserResult = z.infer<typeof UserResultSchema>;

/** `details` of a 429: seconds until the next attempt may succeed (also sent as Retry-After). */
export const RateLimitDetailsSchema = z.object({ retryAfterSeconds: z.number().int().nonnegative() });
export type RateLimitDetails = z.infer<typeof RateLimitDetailsSchema>;
