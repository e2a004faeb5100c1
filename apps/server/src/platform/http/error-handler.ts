/**
 * The one place where errors become HTTP replies: typed AppErrors, zod validation,
 * Fastify's own client errors (malformed JSON, body too large, bad content type) and unknown
 * routes all end as `{ success:false, code, message, details? }` in the client's language.
 * 5xx replies never carry a stack, SQL or driver message; they are logged with the request id.
 */

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, Language } from '@atelier/shared';
import { pickLanguage, SERVER_MESSAGES, type ServerMessageKey } from '@atelier/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, RateLimited } from '../errors';

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

type FieldIssue = { field: string; message: string };

/** Fastify client-error codes mapped to our envelope. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; key: ServerMessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', key: 'malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', key: 'malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'payloadTooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'payloadTooLarge' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'payloadTooLarge' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'payloadTooLarge' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', key: 'badRequest' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'unsupportedMediaType' },
  // A multipart body the client closed early, a `__proto__` field name, a field declared JSON that is not.
  FST_MP_PREMATURE_CLOSE: { status: 400, code: 'BAD_REQUEST', key: 'malformedForm' },
  FST_PROTO_VIOLATION: { status: 400, code: 'BAD_REQUEST', key: 'malformedForm' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: 'BAD_REQUEST', key: 'malformedForm' },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', key: 'validation' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', key: 'badRequest' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', key: 'uriTooLong' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', key: 'badRequest' },
};

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: unknown) {
  const body: Record<string, unknown> = { success: false, code, message };
  if (details !== undefined) body.details = details;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

type ValidationEntry = { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> };

const localeErrors = {
  ru: z.locales.ru().localeError,
  en: z.locales.en().localeError,
  es: z.locales.es().localeError,
} as const;

function localeText(result: unknown): string | undefined {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object' && 'message' in result) return String(result.message);
  return undefined;
}

/**
 * Field messages in the request language. A message that is zod's default English text is
 * re-rendered with zod's ru/es locale; a message that names a SERVER_MESSAGES key is translated;
 * any other custom message is kept as written.
 */
function localizeIssue(entry: ValidationEntry, lang: Language): string {
  const message = entry.message ?? 'invalid';
  if (message in SERVER_MESSAGES) return SERVER_MESSAGES[message as ServerMessageKey][lang];
  const issue = { ...entry.params, code: entry.keyword, message, path: [] } as unknown as Parameters<
    typeof localeErrors.en
  >[0];
  try {
    if (localeText(localeErrors.en(issue)) === message) return localeText(localeErrors[lang](issue)) ?? message;
  } catch {
    // An issue shape the locale does not know: keep the original text.
  }
  return message;
}

function zodIssues(error: FastifyError, lang: Language): FieldIssue[] {
  const context = (error as { validationContext?: string }).validationContext ?? '';
  return ((error.validation ?? []) as ValidationEntry[]).map((issue) => {
    const path = String(issue.instancePath ?? '')
      .replace(/^\//, '')
      .replace(/\//g, '.');
    return {
      field: [context === 'body' ? '' : context, path].filter(Boolean).join('.') || context,
      message: localizeIssue(issue, lang),
    };
  });
}

/**
 * The error handler. Also given to Fastify as `frameworkErrors`: a path with a broken
 * percent-encoding or an over-long parameter is refused by the router before any route or
 * setErrorHandler runs, and would otherwise get Fastify's own body instead of the envelope.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  if (error instanceof AppError) {
    if (error instanceof RateLimited && error.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, error.statusCode, error.code, error.messageIn(lang), error.detailsIn(lang));
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return send(reply, 400, 'VALIDATION_ERROR', SERVER_MESSAGES.validation[lang], { fields: zodIssues(error, lang) });
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return send(reply, known.status, known.code, SERVER_MESSAGES[known.key][lang]);
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return send(reply, 400, 'BAD_REQUEST', SERVER_MESSAGES.malformedJson[lang]);
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return send(reply, 429, 'RATE_LIMITED', SERVER_MESSAGES.rateLimited[lang]);
  if (status >= 400 && status < 500) {
    // A client error raised by Fastify or a plugin that we have no specific text for.
    request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
    return send(
      reply,
      status,
      status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
      SERVER_MESSAGES[status === 404 ? 'notFound' : 'badRequest'][lang],
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, 'INTERNAL_ERROR', SERVER_MESSAGES.internal[lang]);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);

  app.setNotFoundHandler((request, reply) => {
    return send(reply, 404, 'NOT_FOUND', SERVER_MESSAGES.routeNotFound[requestLanguage(request)], {
      method: request.method,
      path: request.url.split('?')[0],
    });
  });
}

/**
 * Errors Node's HTTP parser raises before Fastify has a request (a body shorter than its
 * Content-Length when the client stops sending, a malformed request line, oversized headers, a
 * request timeout) also answer in the error envelope, in the default language: there are no
 * request headers to choose another. Same statuses as Fastify's own handler.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, key]: [number, ErrorCode, ServerMessageKey] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'badRequest']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'BAD_REQUEST', 'badRequest']
        : [400, 'BAD_REQUEST', 'badRequest'];
  const body = JSON.stringify({ success: false, code, message: SERVER_MESSAGES[key][pickLanguage(undefined)] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
