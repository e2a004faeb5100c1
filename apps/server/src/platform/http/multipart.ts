/**
 * One reader for every admin/user form that may carry files: the same route accepts
 * plain JSON (no files) or `multipart/form-data` with either a `data` part (JSON of the fields) or
 * plain text fields (reviews: `reviewText`, `rating`), plus file parts named by the route's rules.
 *
 * - Fields are validated with the route's zod schema exactly like a JSON body (same 400 envelope,
 *   same localized field messages).
 * - A file part must be allowed by a rule; too many files, an unknown file field, an empty file or
 *   a file over its rule's size are 4xx and nothing is kept.
 * - Small files (images, PDFs) are buffered up to their limit; a rule with `stream` writes the
 *   bytes straight into storage while counting them (videos of hundreds of MB never sit in memory).
 *   If the form fails after a streamed file was stored, that file is deleted again.
 * - A body the parser cannot read (no boundary, garbage, cut short mid-header or mid-file, a client
 *   that hung up) is the client's fault: 400 `BAD_REQUEST`, never a 500. Errors of our own parts
 *   (storage, a bug) keep their 5xx so they are still logged and noticed.
 */
import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError, InvalidInput, type LocalizedMessage, PayloadTooLarge, UnsupportedMediaType } from '../errors';
import type { Storage, StoredObject, Visibility } from '../storage/storage';
import { validatorCompiler } from './validation';

export interface FileRule {
  /** Largest accepted file in bytes. */
  maxBytes: number;
  /** How many files this field may carry (default 1). */
  maxCount?: number;
  /** The 413 message when a file is over `maxBytes` (default: the generic "too large"). */
  tooLarge?: LocalizedMessage;
  /** Stream into storage instead of buffering: where to put the file. */
  stream?: { storage: Storage; visibility: Visibility; key: (info: FileInfo) => string };
}

export interface FileInfo {
  field: string;
  /** The client's file name, for display/Content-Disposition only — never used as a path. */
  filename: string;
  mimetype: string;
}

export interface BufferedFile extends FileInfo {
  data: Buffer;
}

export interface StreamedFile extends FileInfo {
  stored: StoredObject;
  visibility: Visibility;
  /** Deletes the stored file again (when the service refuses the form after it was read). */
  discard(): Promise<void>;
}

export interface FormResult<T> {
  fields: T;
  /** Buffered files by field, in the order they were sent. */
  files: Record<string, BufferedFile[]>;
  /** Files written to storage by `stream` rules, by field. */
  streamed: Record<string, StreamedFile[]>;
  /** Whether the request was multipart (false = a plain JSON body). */
  multipart: boolean;
}

/**
 * Registers @fastify/multipart with the app-wide ceiling; each form applies its own rules.
 *
 * A form refused before its body was read to the end (a file over its limit, a malformed `data`
 * part, an unexpected or one file too many) leaves the rest of that body unread in the connection:
 * the answer then says `Connection: close` and the socket is closed after it, as Fastify does for a
 * JSON body over its limit. Kept alive, the next request on that socket (another visitor's, behind
 * a proxy's upstream keep-alive) would wait behind bytes nobody reads.
 */
export async function registerMultipart(app: FastifyInstance, uploadLimitBytes: number): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadLimitBytes, files: 20, fields: 40, fieldSize: 1024 * 1024, parts: 60, headerPairs: 200 },
  });
  app.addHook('onSend', async (request, reply) => {
    if (refusedUnread.has(request.raw)) reply.header('connection', 'close');
  });
}

/** Requests whose form was refused before their body was read to the end (see registerMultipart). */
const refusedUnread = new WeakSet<object>();

/** The 400 for a body the multipart parser could not read. */
function malformedForm(): InvalidInput {
  return new InvalidInput('malformedForm', undefined, 'BAD_REQUEST');
}

/**
 * An error raised while reading the request body (busboy's plain `Error`s such as "Unexpected end of
 * form", a socket reset) becomes the 400 above; our typed errors and Fastify's/the plugin's own 4xx
 * errors (parts limit, prototype field names) pass through unchanged.
 */
function asBodyError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return malformedForm();
}

function validate<T>(schema: ZodType<T>, value: unknown): T {
  const result = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' })(value) as {
    value?: T;
    error?: Error;
  };
  if (result.error) {
    throw Object.assign(result.error, { validationContext: 'body', statusCode: 400, code: 'FST_ERR_VALIDATION' });
  }
  return result.value as T;
}

async function bufferWithLimit(stream: Readable, rule: FileRule): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > rule.maxBytes) {
        stream.resume();
        throw new PayloadTooLarge(rule.tooLarge);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw asBodyError(error);
  }
  // @fastify/multipart truncates at the app-wide ceiling and flags it.
  if ((stream as Readable & { truncated?: boolean }).truncated) throw new PayloadTooLarge(rule.tooLarge);
  return Buffer.concat(chunks, size);
}

async function streamWithLimit(stream: Readable, rule: FileRule, info: FileInfo): Promise<StoredObject> {
  const target = rule.stream;
  if (!target) throw new Error('streamWithLimit needs a stream rule');
  let size = 0;
  // Set when the request itself failed (cut short, reset) rather than storage or the size rule.
  let sourceError: unknown;
  stream.once('error', (error) => {
    sourceError = error;
  });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > rule.maxBytes) callback(new PayloadTooLarge(rule.tooLarge));
      else callback(null, chunk);
    },
  });
  // pipeline() owns the error listeners (a refusal before storage starts reading is not an
  // uncaught error); on failure the rest of the part is drained so the request can finish.
  pipeline(stream, counter, (error) => {
    if (error) stream.resume();
  });
  const key = target.key(info);
  let stored: StoredObject;
  try {
    stored = await target.storage.put(target.visibility, key, counter, info.mimetype);
  } catch (error) {
    // Storage removes its partial file itself; make sure nothing under the key survives either.
    await target.storage.delete(target.visibility, key).catch(() => undefined);
    // The parser destroys the part with its error, which reaches storage through the pipeline
    // before (or instead of) an 'error' event; a storage failure of its own stays a 5xx.
    if (sourceError !== undefined) throw asBodyError(sourceError);
    if (error === stream.errored) throw asBodyError(error);
    throw error;
  }
  if (sourceError !== undefined) {
    await target.storage.delete(target.visibility, key);
    throw asBodyError(sourceError);
  }
  if ((stream as Readable & { truncated?: boolean }).truncated || size === 0) {
    await target.storage.delete(target.visibility, key);
    if (size === 0) throw new InvalidInput('emptyFile');
    throw new PayloadTooLarge(rule.tooLarge);
  }
  return stored;
}

/**
 * Reads a JSON or multipart form. `schema` validates the fields (the `data` JSON part, or the
 * plain text fields when there is no `data` part); `rules` names the file fields allowed.
 */
export async function readForm<T>(
  request: FastifyRequest,
  schema: ZodType<T>,
  rules: Record<string, FileRule> = {},
): Promise<FormResult<T>> {
  if (request.routeOptions.config.multipart !== true) {
    // A programming error, caught by the first test of the route: the route table must list every
    // route that accepts files so the malformed-body test covers it.
    throw new Error(`${request.method} ${request.routeOptions.url} reads a form: declare config.multipart = true`);
  }
  if (!request.isMultipart()) {
    const type = request.headers['content-type'] ?? '';
    if (request.body === undefined && type === '') throw new InvalidInput('validation');
    if (type !== '' && !type.toLowerCase().startsWith('application/json')) throw new UnsupportedMediaType();
    return { fields: validate(schema, request.body ?? {}), files: {}, streamed: {}, multipart: false };
  }

  const files: Record<string, BufferedFile[]> = {};
  const streamed: Record<string, StreamedFile[]> = {};
  const plain: Record<string, string | string[]> = {};
  let dataJson: unknown;
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw asBodyError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.fieldname === 'data') {
          try {
            dataJson = JSON.parse(value);
          } catch {
            throw new InvalidInput('malformedJson');
          }
        } else {
          const previous = plain[part.fieldname];
          plain[part.fieldname] =
            previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
        }
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw new InvalidInput('unexpectedFile', { field: part.fieldname });
      }
      const info: FileInfo = { field: part.fieldname, filename: part.filename ?? '', mimetype: part.mimetype };
      const count = (files[part.fieldname]?.length ?? 0) + (streamed[part.fieldname]?.length ?? 0);
      if (count >= (rule.maxCount ?? 1)) {
        part.file.resume();
        throw new InvalidInput('tooManyFiles', { field: part.fieldname, max: rule.maxCount ?? 1 });
      }
      if (rule.stream) {
        const stored = await streamWithLimit(part.file, rule, info);
        const { storage, visibility } = rule.stream;
        const discard = () => storage.delete(visibility, stored.key).catch(() => undefined);
        streamed[part.fieldname] = [...(streamed[part.fieldname] ?? []), { ...info, stored, visibility, discard }];
      } else {
        const data = await bufferWithLimit(part.file, rule);
        if (data.length === 0) throw new InvalidInput('emptyFile', { field: part.fieldname });
        files[part.fieldname] = [...(files[part.fieldname] ?? []), { ...info, data }];
      }
    }
    const fields = validate(schema, dataJson ?? plain);
    return { fields, files, streamed, multipart: true };
  } catch (error) {
    await discardStreamed(streamed);
    if (!request.raw.readableEnded) refusedUnread.add(request.raw);
    throw error;
  }
}

/** Deletes every file a `stream` rule stored for this form. */
export async function discardStreamed(streamed: Record<string, StreamedFile[]>): Promise<void> {
  await Promise.all(Object.values(streamed).flatMap((list) => list.map((file) => file.discard())));
}
