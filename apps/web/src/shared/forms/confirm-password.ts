import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * "Repeat the password" is a form-only rule (the API takes the password once), so it is added by
 * the web on top of the shared body schemas. The message is the shared key `passwordsDiffer`.
 */
export const PASSWORDS_DIFFER = 'passwordsDiffer';

/** For `.refine(samePasswords('password'), confirmPasswordIssue)` on a form schema. */
export function samePasswords<K extends string>(field: K) {
  return (form: Record<K | 'confirmPassword', unknown>) => form[field] === form.confirmPassword;
}

export const confirmPasswordIssue: { path: string[]; message: string } = {
  path: ['confirmPassword'],
  message: PASSWORDS_DIFFER,
};

/**
 * zod runs an object-level refine only once every field has passed, so on its own the mismatch
 * would appear only after the rest of the form is right. This resolver reports it together with
 * the other fields' messages, in the same submit.
 */
export function confirmingResolver<I extends FieldValues, O>(
  resolver: Resolver<I, unknown, O>,
  field: keyof I & string,
): Resolver<I, unknown, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (values[field] === values.confirmPassword || result.errors.confirmPassword) return result;
    const errors = {
      ...result.errors,
      confirmPassword: { type: 'validate', message: PASSWORDS_DIFFER },
    } as FieldErrors<I>;
    return { values: {}, errors };
  };
}
