/**
 * GET|HEAD /uploads/<key>: public files (product, portfolio, review, about images) straight from
 * the Storage interface, so the same URL works with the local driver and with S3. The plugin only
 * ever asks storage for visibility 'public': a private key (lesson video, digital book,
 * methodology) is not reachable here whatever the URL says.
 */

import { createHash } from 'node:crypto';
import path from 'node:path';
import { pickLanguage, SERVER_MESSAGES, type ServerMessageKey } from '@atelier/shared';
import type {} from '@fastify/compress';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { ByteRange, Storage, StoredObject } from '../storage/storage';

export interface UploadsRoutesOptions {
  storage: Storage;
}

/**
 * The only types a browser is told; anything else (an .svg or .html that somehow got stored) goes
 * out as octet-stream, which with nosniff can never render as a page on our origin.
 */
const TYPES_BY_EXTENSION: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};
const ALLOWED_TYPES = new Set(Object.values(TYPES_BY_EXTENSION));

export function uploadContentType(key: string, stored?: string): string {
  const base = stored?.split(';')[0]?.trim().toLowerCase();
  if (base && ALLOWED_TYPES.has(base)) return base;
  return TYPES_BY_EXTENSION[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const MAX_KEY_LENGTH = 512;

/**
 * Keys are app-generated (`products/<uuid>-large.webp`), so anything unusual is refused before
 * storage sees it: NUL and control characters, backslashes, '%' (left over from double encoding),
 * empty segments and segments starting with a dot (`..`, `.`, temp files).
 */
export function isSafeUploadKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\%]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  key: ServerMessageKey,
): FastifyReply {
  const lang = pickLanguage(request.headers['accept-language']);
  // An error must not be cached for a year like the file would be.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ success: false, code, message: SERVER_MESSAGES[key][lang] });
}

/**
 * Stored objects carry no modification time, but upload keys are never reused for different
 * content (that is what makes `immutable` caching correct), so key + size identify the bytes.
 */
function etagFor(object: StoredObject): string {
  return `"${createHash('sha256').update(`${object.key}\0${object.size}`).digest('base64url').slice(0, 27)}"`;
}

type RangeResult = ByteRange | 'unsatisfiable' | null;

/** One `bytes=` range (what video players send); multi-range requests get the whole file. */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || end < start) {
    return 'unsatisfiable';
  }
  return { start, end };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export const uploadsRoutes: FastifyPluginAsync<UploadsRoutesOptions> = async (app, { storage }) => {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    config: { access: 'public' },
    // Stored media is already compressed, and compressing would drop Content-Length.
    compress: false,
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!isSafeUploadKey(key)) return sendError(request, reply, 404, 'NOT_FOUND', 'fileNotFound');

      let object: StoredObject | null;
      try {
        object = await storage.stat('public', key);
      } catch (error) {
        // A driver that rejects the key itself (InvalidInput) means "no such public file".
        if (error instanceof AppError && error.statusCode < 500) {
          return sendError(request, reply, 404, 'NOT_FOUND', 'fileNotFound');
        }
        throw error;
      }
      if (!object) return sendError(request, reply, 404, 'NOT_FOUND', 'fileNotFound');

      const etag = etagFor(object);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('content-type', uploadContentType(key, object.contentType));

      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

      // If-Range with another validator means the client's partial copy is stale: send it all.
      const ifRange = request.headers['if-range'];
      const range =
        ifRange && ifRange !== etag ? null : parseRange(request.headers.range as string | undefined, object.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${object.size}`);
        return sendError(request, reply, 416, 'RANGE_NOT_SATISFIABLE', 'invalidByteRange');
      }

      const length = range ? range.end - range.start + 1 : object.size;
      reply.header('content-length', length);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      if (request.method === 'HEAD') return reply.send();

      try {
        return reply.send(await storage.read('public', key, range ?? undefined));
      } catch (error) {
        // Deleted between stat and read.
        if (error instanceof AppError && error.statusCode === 404) {
          reply.removeHeader('content-length');
          reply.removeHeader('content-range');
          return sendError(request, reply, 404, 'NOT_FOUND', 'fileNotFound');
        }
        throw error;
      }
    },
  });
};
