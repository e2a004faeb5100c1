import { errorMessage, isApiError } from '../api/api-error';

export interface FieldProblem {
  field: string;
  message: string;
}

/** `details.fields` of a VALIDATION_ERROR: `[{ field, message }]`, messages already translated. */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!isApiError(error)) return [];
  const fields = (error.details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (item): item is FieldProblem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldProblem).field === 'string' &&
      typeof (item as FieldProblem).message === 'string',
  );
}

/**
 * Puts the server's field messages under the form's fields (`rename` maps API names to form names,
 * e.g. captchaId → captchaAnswer). Returns the form fields that got a message.
 */
export function applyFieldProblems<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { message: string }) => void,
  rename: Record<string, F> = {},
): F[] {
  const applied: F[] = [];
  for (const problem of fieldProblems(error)) {
    const top = problem.field.split('.')[0] ?? problem.field;
    const field = rename[top] ?? (fields as readonly string[]).find((name) => name === top);
    if (!field || applied.includes(field as F)) continue;
    setError(field as F, { message: problem.message });
    applied.push(field as F);
  }
  return applied;
}

/** Seconds to wait after a 429 (`details.retryAfter` or `details.retryAfterSeconds`), if given. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const details = (error.details ?? {}) as { retryAfter?: unknown; retryAfterSeconds?: unknown };
  const value = details.retryAfterSeconds ?? details.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * The server's refusal of an admin form as one line: its message, then each field's message
 * (prefixed with the field's API name when `withFields`).
 */
export function problemText(error: unknown, fallback: string, withFields = false): string {
  const fields = fieldProblems(error).map((problem) =>
    withFields ? `${problem.field}: ${problem.message}` : problem.message,
  );
  return [errorMessage(error, fallback), ...fields].join(' · ');
}
