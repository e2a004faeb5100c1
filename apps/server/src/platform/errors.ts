/**
 * Typed errors thrown by services; the one error handler (platform/http/error-handler.ts) turns
 * them into the `{ success: false, code, message, details? }` envelope. A message is either a key
 * of SERVER_MESSAGES or an explicit { ru, en, es } text, so every reply is localized by Accept-Language
 * there and a service never needs the request's language to refuse. The code is an `ErrorCode`: a
 * closed union of the common codes and each feature's list (`packages/shared/src/<feature>.errors.ts`),
 * so an undeclared or misspelt code fails the typecheck.
 */
import type { ErrorCode, Language, ServerMessageKey } from '@atelier/shared';
import { SERVER_MESSAGES } from '@atelier/shared';

export type LocalizedMessage = ServerMessageKey | Record<Language, string>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly localized: LocalizedMessage,
    readonly details?: unknown,
  ) {
    super(typeof localized === 'string' ? SERVER_MESSAGES[localized].en : localized.en);
    this.name = new.target.name;
  }

  messageIn(lang: Language): string {
    return textIn(this.localized, lang);
  }

  /** `details` as sent in `lang` (InvalidFields localizes its field messages here). */
  detailsIn(_lang: Language): unknown {
    return this.details;
  }
}

function textIn(message: LocalizedMessage, lang: Language): string {
  return typeof message === 'string' ? SERVER_MESSAGES[message][lang] : message[lang];
}

export class InvalidInput extends AppError {
  constructor(message: LocalizedMessage = 'validation', details?: unknown, code: ErrorCode = 'VALIDATION_ERROR') {
    super(400, code, message, details);
  }
}
/** A field of a refused form and its message, localized by the error handler like the error's own. */
export type FieldProblem = { field: string; message: LocalizedMessage };

/**
 * 400 on named fields: sent as `details: { fields: [{ field, message }] }` with each message in the
 * request's language (the web puts it under its field), so the service does not take the language.
 */
export class InvalidFields extends InvalidInput {
  constructor(
    message: LocalizedMessage,
    readonly fields: readonly FieldProblem[],
    code: ErrorCode = 'VALIDATION_ERROR',
  ) {
    super(message, { fields }, code);
  }

  override detailsIn(lang: Language): { fields: { field: string; message: string }[] } {
    return { fields: this.fields.map(({ field, message }) => ({ field, message: textIn(message, lang) })) };
  }
}
export class Unauthorized extends AppError {
  constructor(message: LocalizedMessage = 'unauthorized', code: ErrorCode = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: LocalizedMessage = 'forbidden', code: ErrorCode = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message: LocalizedMessage = 'notFound', code: ErrorCode = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: LocalizedMessage = 'conflict', details?: unknown, code: ErrorCode = 'CONFLICT') {
    super(409, code, message, details);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: LocalizedMessage = 'payloadTooLarge') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}
export class UnsupportedMediaType extends AppError {
  constructor(message: LocalizedMessage = 'unsupportedMediaType') {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}
/** 429; `retryAfterSeconds` goes to the Retry-After header and to details. */
export class RateLimited extends AppError {
  constructor(
    message: LocalizedMessage = 'rateLimited',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'RATE_LIMITED', message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });
  }
}
