import type { ErrorCode } from '@atelier/shared/error-codes';

/**
 * The code of a failed call: one the server declares (`ErrorCode`, so comparing against a misspelt
 * or undeclared code fails the typecheck), `NETWORK_ERROR` when no reply came, or `HTTP_<status>`
 * when the reply carried no code at all (a proxy's page). The server's code is taken as sent, not
 * looked up in the lists of codes (they stay out of the pages' first scripts): a newer server's new
 * code keeps its spelling, matches none of this build's comparisons, and its message shows.
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | `HTTP_${number}`;

/** A failed call: HTTP status (0 = network / timeout), the server's error code and localized message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ApiErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's localized message when there is one, else the caller's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status !== 0 && error.message) return error.message;
  return fallback;
}
