/**
 * Typed errors thrown by services; the one error handler (platform/http/error-handler.ts) turns
 * them into the `{ success: false, code, message, details? }` envelope. A message is either a key
 * of SERVER_MESSAGES or an explicit { ru, en, es } text, so every reply is localized by Accept-Language.
 */
import type { ErrorCode, Language, ServerMessageKey } from '@atelier/shared';
import { SERVER_MESSAGES } from '@atelier/shared';

export type LocalizedMessage = ServerMessageKey | Record<Language, string>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    readonly localized: LocalizedMessage,
    readonly details?: unknown,
  ) {
    super(typeof localized === 'string' ? SERVER_MESSAGES[localized].en : localized.en);
    this.name = new.target.name;
  }

  messageIn(lang: Language): string {
    return typeof this.localized === 'string' ? SERVER_MESSAGES[this.localized][lang] : this.localized[lang];
  }
}

export class InvalidInput extends AppError {
  constructor(message: LocalizedMessage = 'validation', details?: unknown, code: string = 'VALIDATION_ERROR') {
    super(400, code, message, details);
  }
}
export class Unauthorized extends AppError {
  constructor(message: LocalizedMessage = 'unauthorized', code: string = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: LocalizedMessage = 'forbidden', code: string = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message: LocalizedMessage = 'notFound', code: string = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: LocalizedMessage = 'conflict', details?: unknown, code: string = 'CONFLICT') {
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
