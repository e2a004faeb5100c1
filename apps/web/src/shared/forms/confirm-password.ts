/**
 * "Repeat the password" is a form-only rule (the API takes the password once), so it is added by
 * the web on top of the shared body schemas. The message is the shared key `passwordsDiffer`.
 */
export const PASSWORDS_DIFFER = 'passwordsDiffer';

/** For `.refine(samePasswords('password'), confirmPasswordIssue)` on a form schema. */
export function samePasswords<K extends string>(field: K) {
  return (form: Record<K | 'confirmPassword', unknown>) => form[field] === form.confirmPassword;
}

export const confirmPasswordIssue: { path: string[]; message: string; when: () => boolean } = {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER,
  // Say so even while another field is still wrong, not only once the rest is valid.
  when: () => true,
};
