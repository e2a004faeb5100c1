/** A failed call: HTTP status (0 = network / timeout), the server's error code and localized message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
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
