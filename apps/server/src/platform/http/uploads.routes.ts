/**
 * GET|HEAD /uploads/<key>: public files (product, portfolio, review, about images) straight from
 * the Storage interface, so the same URL works with the local driver and with S3. The plugin only
 * ever asks storage for visibility 'public': a private key (lesson video, digital book,
 * methodology) is not reachable here whatever the URL says.
 */

import path from 'node:path';
import { pickLanguage } from '@atelier/shared';
import type {} from '@fastify/compress';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NotFound } from '../errors';
import type { Storage } from '../storage/storage';
import { sendStoredFile } from './stored-file';

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

/**
 * Errors of this plugin answer in the envelope themselves (it also runs without the app's error
 * handler) and are never cached for a year like the file would be.
 */
function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const lang = pickLanguage(request.headers['accept-language']);
  return reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ success: false, code: error.code, message: error.messageIn(lang) });
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
      try {
        if (!isSafeUploadKey(key)) throw new NotFound('fileNotFound');
        return await sendStoredFile(request, reply, storage, {
          visibility: 'public',
          key,
          cacheControl: 'public, max-age=31536000, immutable',
          contentType: (stored) => uploadContentType(key, stored),
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) return sendError(request, reply, error);
        throw error;
      }
    },
  });
};
