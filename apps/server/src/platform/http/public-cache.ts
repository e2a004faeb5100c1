/**
 * In-memory cache of serialized public responses with ETags (hot public reads are not
 * served from the database). Entries are grouped by tag ('shop', 'portfolio', ...) and every write
 * to that content calls `invalidate(tag)`.
 *
 * With several app instances (PostgreSQL mode) `invalidate` also tells the listeners registered
 * with `onInvalidate` (the cache bus, which relays it to the other instances through NOTIFY; they
 * apply it with `invalidateLocal`). Entries there also expire after `ttlMs`, only as a safety net
 * for a missed notification; on the embedded database there is one process and entries live until
 * invalidated.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  /** UTF-8 bytes, encoded once: a string body would be measured and encoded on every send. */
  body: Buffer;
  status: number;
  type: string;
  cacheControl: string;
  /** Compressed once, on the first request that accepts it (compressing per request cost ~10×). */
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  expiresAt: number;
}

export interface PublicCache {
  /**
   * Replies from cache when possible (304 on a matching If-None-Match), otherwise runs `load`,
   * serializes and stores it. Only requests without credentials are cached, unless
   * `sameForEveryone` says the answer never depends on who asks (the catalogue), so signed-in
   * visitors share the entry too.
   */
  reply(
    request: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    load: () => Promise<unknown>,
    options?: { sameForEveryone?: boolean },
  ): Promise<FastifyReply>;
  /**
   * A server-rendered page, cached under PAGES_TAG by `key` (the URL with everything the page
   * depends on: language, currency). Pages show every kind of content, so any invalidation drops
   * them all. They are the same for everyone (rendered for an anonymous visitor).
   */
  replyPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<{ status: number; html: string }>,
  ): Promise<FastifyReply>;
  /** Drops the tag's entries here and tells every `onInvalidate` listener (other instances). */
  invalidate(tag: string): void;
  /** Drops the tag's entries here only: an invalidation that came from another instance. */
  invalidateLocal(tag: string): void;
  /** Registers a listener of local `invalidate` calls; returns its removal. */
  onInvalidate(listener: (tag: string) => void): () => void;
  /**
   * Registers a listener of every drop here, local or relayed from another instance: the tag, or
   * null when everything was dropped. For state derived from the same content (the catalogue index).
   */
  onDrop(listener: (tag: string | null) => void): () => void;
  /** Drops everything (e.g. after notifications may have been missed). */
  clear(): void;
  readonly size: number;
  /** How long an entry serves without an invalidation (infinite with one instance). */
  readonly ttlMs: number;
}

/** The tag of the server-rendered pages: dropped with every other tag. */
export const PAGES_TAG = 'pages';

/** Rendered pages are larger than API reads: fewer of them are kept. */
const MAX_PAGES = 200;

/** Bodies below this are sent as they are (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * br or gzip when the client accepts it (q > 0), br first; null for identity. Unknown or absent
 * Accept-Encoding means identity, like @fastify/compress.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

function compressed(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.body, {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 9 },
    });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.body, { level: 9 });
  return entry.gzip;
}

export function createPublicCache(options: { ttlMs?: number; maxEntriesPerTag?: number } = {}): PublicCache {
  const ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  const maxEntries = options.maxEntriesPerTag ?? 500;
  const tags = new Map<string, Map<string, Entry>>();
  // Bumped on invalidate (per tag) and on clear (epoch) so a load that started before the write
  // does not store stale data.
  const generations = new Map<string, number>();
  let epoch = 0;
  const listeners = new Set<(tag: string) => void>();
  const dropListeners = new Set<(tag: string | null) => void>();

  function dropTag(tag: string) {
    tags.delete(tag);
    generations.set(tag, (generations.get(tag) ?? 0) + 1);
    for (const listener of dropListeners) listener(tag);
    if (tag !== PAGES_TAG) dropTag(PAGES_TAG);
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, hit: boolean) {
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', entry.cacheControl);
    reply.header('X-Cache', hit ? 'HIT' : 'MISS');
    const inm = request.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === entry.etag)) return reply.code(304).send();
    reply.code(entry.status).type(entry.type);
    if (entry.body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(entry.body);
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding =
      request.headers['x-no-compression'] === undefined ? acceptedEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(entry.body);
    // With Content-Encoding set, @fastify/compress leaves the bytes alone.
    reply.header('Content-Encoding', encoding);
    return reply.send(compressed(entry, encoding));
  }

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    key: string,
    cacheable: boolean,
    make: () => Promise<{ body: Buffer; status: number; type: string; cacheControl: string }>,
  ) {
    let bucket = tags.get(tag);
    const cached = cacheable ? bucket?.get(key) : undefined;
    if (cached && cached.expiresAt > Date.now()) return send(request, reply, cached, true);

    const generation = generations.get(tag) ?? 0;
    const startedEpoch = epoch;
    const made = await make();
    const entry: Entry = {
      ...made,
      etag: `"${createHash('sha1').update(made.body).digest('base64url')}"`,
      expiresAt: Date.now() + ttlMs,
    };
    if (cacheable && (generations.get(tag) ?? 0) === generation && epoch === startedEpoch) {
      if (!bucket) {
        bucket = new Map();
        tags.set(tag, bucket);
      }
      if (bucket.size >= (tag === PAGES_TAG ? MAX_PAGES : maxEntries)) {
        bucket.delete(bucket.keys().next().value as string);
      }
      bucket.set(key, entry);
    }
    if (!cacheable) reply.header('Vary', 'Authorization');
    return send(request, reply, entry, false);
  }

  return {
    reply(request, reply, tag, load, options) {
      const cacheable = options?.sameForEveryone === true || !request.headers.authorization;
      return serve(request, reply, tag, request.url, cacheable, async () => ({
        body: Buffer.from(JSON.stringify(await load())),
        status: 200,
        type: 'application/json; charset=utf-8',
        cacheControl: 'public, max-age=0, must-revalidate',
      }));
    },
    replyPage(request, reply, key, load) {
      return serve(request, reply, PAGES_TAG, key, true, async () => {
        const { status, html } = await load();
        // no-cache, not public: a page depends on cookies, which shared caches rarely key on.
        return { body: Buffer.from(html), status, type: 'text/html; charset=utf-8', cacheControl: 'no-cache' };
      });
    },
    invalidate(tag) {
      dropTag(tag);
      for (const listener of listeners) listener(tag);
    },
    invalidateLocal: dropTag,
    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDrop(listener) {
      dropListeners.add(listener);
      return () => dropListeners.delete(listener);
    },
    clear() {
      tags.clear();
      epoch += 1;
      for (const listener of dropListeners) listener(null);
    },
    ttlMs,
    get size() {
      let n = 0;
      for (const bucket of tags.values()) n += bucket.size;
      return n;
    },
  };
}
