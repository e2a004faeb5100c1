import { NAME_MIN, PASSWORD_MIN } from '@atelier/shared';
import { z } from 'zod';

/** Messages are i18n keys under auth.errors (SPEC §5 texts, in ru, en and es). */
export const LoginFormSchema = z.object({
  email: z.string().trim().min(1, 'emailRequired').pipe(z.email('emailInvalid')),
  password: z.string().min(1, 'passwordRequired'),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').min(NAME_MIN, 'nameShort'),
    email: z.string().trim().min(1, 'emailRequired').pipe(z.email('emailInvalid')),
    password: z.string().min(1, 'passwordRequired').min(PASSWORD_MIN, 'passwordShort'),
    confirmPassword: z.string(),
    captchaAnswer: z
      .string()
      .trim()
      .min(1, 'captchaRequired')
      .regex(/^-?\d+$/, 'captchaWrong'),
    agreement: z.boolean().refine((value) => value, 'agreementRequired'),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'passwordsDiffer' });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const PasswordFormSchema = z
  .object({
    password: z.string().min(1, 'passwordRequired').min(PASSWORD_MIN, 'passwordShort'),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'passwordsDiffer' });
export type PasswordForm = z.infer<typeof PasswordFormSchema>;

export const CODE_LENGTH = 6;

/** Pasted or typed text → the code's digits, at most six. */
export function codeDigits(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH).split('');
}
