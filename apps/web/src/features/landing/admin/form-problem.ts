import { errorMessage } from '../../../shared/api/api-error';
import { fieldProblems } from '../../../shared/forms/server-errors';

/** The server's refusal as one line: its message and each field's message. */
export function problemText(error: unknown, fallback: string): string {
  const fields = fieldProblems(error).map((problem) => `${problem.field}: ${problem.message}`);
  return [errorMessage(error, fallback), ...fields].join(' · ');
}
