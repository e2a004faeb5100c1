import { LoginBody, RegisterBody, ResetPasswordBody, VERIFICATION_CODE_LENGTH } from '@atelier/shared';
import { z } from 'zod';
import { confirmPasswordIssue, samePasswords } from '../../shared/forms/confirm-password';

/*
 * The auth forms validate with the API's own body schemas (packages/shared/src/auth.ts); messages
 * are SERVER_MESSAGES keys. The web adds only what the API never sees: the repeated password and
 * the two consent boxes (the form sends the versions of the texts they name instead). The captcha
 * id comes from the captcha call, not from the visitor.
 */

export const LoginFormSchema = LoginBody;
export type LoginFormInput = z.input<typeof LoginFormSchema>;
export type LoginFormValues = z.output<typeof LoginFormSchema>;

export const RegisterFormSchema = RegisterBody.omit({ captchaId: true, consents: true })
  .extend({
    confirmPassword: z.string(),
    // Two separate boxes: the personal-data consent is its own act, not part of the agreement.
    agreement: z.boolean().refine((value) => value, 'agreementRequired'),
    personalData: z.boolean().refine((value) => value, 'personalDataConsentRequired'),
  })
  .refine(samePasswords('password'), confirmPasswordIssue);
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;
export type RegisterFormValues = z.output<typeof RegisterFormSchema>;

export const NewPasswordFormSchema = ResetPasswordBody.extend({ confirmPassword: z.string() }).refine(
  samePasswords('password'),
  confirmPasswordIssue,
);
export type NewPasswordFormInput = z.input<typeof NewPasswordFormSchema>;
export type NewPasswordFormValues = z.output<typeof NewPasswordFormSchema>;

export const CODE_LENGTH = VERIFICATION_CODE_LENGTH;

/** Pasted or typed text → the code's digits, at most six. */
export function codeDigits(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH).split('');
}
