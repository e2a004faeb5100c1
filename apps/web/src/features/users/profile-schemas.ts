import { ChangePasswordBody, DeleteAccountBody, UpdateProfileBody } from '@atelier/shared';
import { z } from 'zod';
import { confirmPasswordIssue, samePasswords } from '../../shared/forms/confirm-password';

/* The account forms validate with the API's body schemas; messages are SERVER_MESSAGES keys. */

export const ProfileFormSchema = UpdateProfileBody;
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileFormValues = z.output<typeof ProfileFormSchema>;

export const ChangePasswordFormSchema = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  samePasswords('newPassword'),
  confirmPasswordIssue,
);
export type ChangePasswordFormInput = z.input<typeof ChangePasswordFormSchema>;
export type ChangePasswordFormValues = z.output<typeof ChangePasswordFormSchema>;

export const DeleteAccountFormSchema = DeleteAccountBody;
export type DeleteAccountFormValues = z.output<typeof DeleteAccountFormSchema>;
