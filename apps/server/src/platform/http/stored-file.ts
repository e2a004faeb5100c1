/**
 * The one way a stored file goes out over HTTP: public uploads, lesson media and digital books all
 * answer through `sendStoredFile`, on either storage driver (byte ranges are the driver's ranged
 * reads, so S3 never sends more than was asked for).
 *
 * What it speaks: HEAD; single byte ranges (`bytes=a-b`, open `a-`, suffix `-n`) with 206 and
 * Content-Range, 416 with `bytes *\/size` for an unsatisfiable one; a multi-range or malformed
 * Range gets the whole file; If-Range (ETag or date) falls back to the whole file when the client's
 * copy is stale; ETag and Last-Modified with If-None-Match / If-Modified-Since → 304;
 * Content-Disposition with an RFC 5987 `filename*` for any file name. Parsing is left to the
 * well-known packages Express and `send` use: range-parser, fresh and content-disposition
 * (docs/decisions/0032).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import rangeParser from 'range-parser';
import { AppError, NotFound } from '../errors';
import type { ByteRange, Storage, StoredObject, Visibility } from '../storage/storage';

export interface StoredFileOptions {
  visibility: Visibility;
  key: string;
  /** Cache-Control of the file (errors set their own). */
  cacheControl: string;
  /** The announced type, or how to derive it from the stored one; by default the stored one. */
  contentType?: string | ((stored: string) => string);
  /** Sent as Content-Disposition when given; `filename` is the name the browser saves. */
  disposition?: { type: 'inline' | 'attachment'; filename: string };
  /** The error for a file that is not there (default 404 `fileNotFound`). */
  missing?: () => AppError;
  /**
   * Runs once the answer is known to carry bytes (not for HEAD, 304 or 416), just before they are
   * read: a download counts a use here. Throwing refuses the request.
   */
  beforeBody?: () => Promise<void>;
}

/** 416 Range Not Satisfiable in the error envelope. */
export class RangeNotSatisfiable extends AppError {
  constructor() {
    super(416, 'RANGE_NOT_SATISFIABLE', 'invalidByteRange');
  }
}

/**
 * The byte range to send: null for "the whole file" (no Range, another unit, several ranges, or a
 * malformed header, which RFC 9110 lets a server ignore), 'unsatisfiable' when it starts past the
 * end. range-parser refuses a suffix longer than the file; RFC 9110 §14.1.2 says that means the
 * whole file, so such a suffix becomes `0-`.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const suffix = /^\s*bytes\s*=\s*-\s*(\d+)\s*$/i.exec(header)?.[1];
  const normalized = suffix !== undefined && Number(suffix) > size ? 'bytes=0-' : header;
  const ranges = rangeParser(size, normalized, { combine: true });
  if (ranges === -2) return null;
  if (ranges === -1) return 'unsatisfiable';
  if (ranges.type !== 'bytes' || ranges.length !== 1) return null;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : null;
}

/**
 * Stored objects carry no version, but keys are never reused for different content (a replaced
 * file gets a new key, which is what makes `immutable` caching of uploads correct), so key + size
 * identify the bytes. A strong tag, so If-Range may use it.
 */
export function storedFileEtag(object: Pick<StoredObject, 'key' | 'size'>): string {
  return `"${createHash('sha256').update(`${object.key}\0${object.size}`).digest('base64url').slice(0, 27)}"`;
}

/** If-Range: a strong ETag must equal ours; a date must not be older than the file. */
function rangeStillValid(ifRange: string | undefined, etag: string, lastModified: string | undefined): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  if (!lastModified) return false;
  const since = Date.parse(value);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/** A name a header can carry: control characters replaced, never empty. */
function printableName(filename: string): string {
  return filename.replace(/\p{Cc}/gu, '_').trim() || 'file';
}

function contentTypeOf(option: StoredFileOptions['contentType'], stored: string): string {
  const type = typeof option === 'function' ? option(stored) : option;
  return type || stored || 'application/octet-stream';
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  options: StoredFileOptions,
): Promise<FastifyReply> {
  const { visibility, key } = options;
  const missing = options.missing ?? (() => new NotFound('fileNotFound'));

  let object: StoredObject | null;
  try {
    object = await storage.stat(visibility, key);
  } catch (error) {
    // A key the driver refuses outright (InvalidInput) names no file.
    if (error instanceof AppError && error.statusCode < 500) throw missing();
    throw error;
  }
  if (!object) throw missing();

  const etag = storedFileEtag(object);
  const lastModified = object.lastModified?.toUTCString();
  reply
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('content-type', contentTypeOf(options.contentType, object.contentType))
    .header('etag', etag);
  if (lastModified) reply.header('last-modified', lastModified);
  if (options.disposition) {
    reply.header(
      'content-disposition',
      contentDisposition(printableName(options.disposition.filename), { type: options.disposition.type }),
    );
  }

  if (fresh(request.headers, { etag, 'last-modified': lastModified })) return reply.code(304).send();

  const range = rangeStillValid(header(request, 'if-range'), etag, lastModified)
    ? byteRange(header(request, 'range'), object.size)
    : null;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${object.size}`);
    throw new RangeNotSatisfiable();
  }
  // Before Content-Length is set, so an error it throws goes out with its own length.
  if (request.method !== 'HEAD') await options.beforeBody?.();
  reply.header('content-length', range ? range.end - range.start + 1 : object.size);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
  // An empty stream, not an empty body: for the HEAD route Fastify derives from a GET, an empty
  // body means "Content-Length: 0"; a stream keeps the length set above.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));

  try {
    return reply.send(await storage.read(visibility, key, range ?? undefined));
  } catch (error) {
    // Deleted between stat and read: answer like any missing file, not with half the headers of one.
    if (error instanceof AppError && error.statusCode === 404) {
      reply.removeHeader('content-length');
      reply.removeHeader('content-range');
      throw missing();
    }
    throw error;
  }
}
