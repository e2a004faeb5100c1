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
 *
 * Every tag keeps its most recently used entries (LRU). Rendered pages also have a cap on the
 * renders running at once and one render per key at a time: a request for a key being rendered
 * waits for that render (or takes the copy the last invalidation dropped, when there is one), and
 * a request over the cap takes that copy or waits for a free slot
 * (docs/decisions/0091-the-page-cache-under-social-links.md).
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
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
   * A text document the same for everyone (a product feed), cached under `tag` by `key` rather than
   * by the request's URL, so query strings a caller adds cannot multiply it; `type` is its
   * Content-Type. Revalidated on every use, like the public reads.
   */
  replyDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    key: string,
    load: () => Promise<string>,
    type: string,
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
  /** Pages rendered since the cache was made (a render shared by several requests counts once). */
  readonly pageRenders: number;
}

/** The tag of the server-rendered pages: dropped with every other tag. */
export const PAGES_TAG = 'pages';

/** Rendered pages are larger than API reads: fewer of them are kept. */
const MAX_PAGES = 200;

/**
 * Pages rendered at once, by default: rendering is mostly synchronous work on the event loop, so
 * more at once than the machine has cores only lengthens every render (and the other requests
 * waiting behind them).
 */
const DEFAULT_MAX_RENDERS = Math.max(2, availableParallelism());

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

export interface PublicCacheOptions {
  ttlMs?: number;
  maxEntriesPerTag?: number;
  /** Rendered pages kept (200). */
  maxPages?: number;
  /** Pages rendered at once (the machine's cores, at least 2). */
  maxConcurrentRenders?: number;
}

export function createPublicCache(options: PublicCacheOptions = {}): PublicCache {
  const ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  const maxEntries = options.maxEntriesPerTag ?? 500;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const maxRenders = options.maxConcurrentRenders ?? DEFAULT_MAX_RENDERS;
  const tags = new Map<string, Map<string, Entry>>();
  /** The pages the last invalidations dropped, by key: served only while a fresh copy is being made. */
  const stalePages = new Map<string, Entry>();
  /** The page renders running, by key: a second request for the key waits for the first. */
  const inflight = new Map<string, Promise<Entry>>();
  let rendering = 0;
  let pageRenders = 0;
  const slotWaiters: (() => void)[] = [];
  // Bumped on invalidate (per tag) and on clear (epoch) so a load that started before the write
  // does not store stale data.
  const generations = new Map<string, number>();
  let epoch = 0;
  const listeners = new Set<(tag: string) => void>();
  const dropListeners = new Set<(tag: string | null) => void>();

  function keepStale(bucket: Map<string, Entry> | undefined) {
    for (const [key, entry] of bucket ?? []) {
      stalePages.delete(key);
      stalePages.set(key, entry);
    }
    for (const key of stalePages.keys()) {
      if (stalePages.size <= maxPages) break;
      stalePages.delete(key);
    }
  }

  function dropTag(tag: string) {
    if (tag === PAGES_TAG) keepStale(tags.get(tag));
    tags.delete(tag);
    generations.set(tag, (generations.get(tag) ?? 0) + 1);
    for (const listener of dropListeners) listener(tag);
    if (tag !== PAGES_TAG) dropTag(PAGES_TAG);
  }

  /**
   * HIT: a stored entry; MISS: made for this request; SHARED: made once for this request and others
   * that came while it was made; STALE: the copy an invalidation dropped, while a new one is made.
   */
  type Source = 'HIT' | 'MISS' | 'SHARED' | 'STALE';

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, source: Source) {
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', entry.cacheControl);
    reply.header('X-Cache', source);
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

  function store(tag: string, key: string, entry: Entry) {
    let bucket = tags.get(tag);
    if (!bucket) {
      bucket = new Map();
      tags.set(tag, bucket);
    }
    bucket.delete(key);
    // A Map iterates in insertion order and a hit re-inserts its key: the first key is the least
    // recently used.
    if (bucket.size >= (tag === PAGES_TAG ? maxPages : maxEntries)) {
      bucket.delete(bucket.keys().next().value as string);
    }
    bucket.set(key, entry);
    if (tag === PAGES_TAG) stalePages.delete(key);
  }

  type Made = { body: Buffer; status: number; type: string; cacheControl: string };

  /** Makes the entry and stores it unless an invalidation or a clear came meanwhile. */
  async function makeEntry(tag: string, key: string, cacheable: boolean, make: () => Promise<Made>): Promise<Entry> {
    const generation = generations.get(tag) ?? 0;
    const startedEpoch = epoch;
    const made = await make();
    const entry: Entry = {
      ...made,
      etag: `"${createHash('sha1').update(made.body).digest('base64url')}"`,
      expiresAt: Date.now() + ttlMs,
    };
    if (cacheable && (generations.get(tag) ?? 0) === generation && epoch === startedEpoch) store(tag, key, entry);
    return entry;
  }

  async function renderSlot(): Promise<() => void> {
    while (rendering >= maxRenders) await new Promise<void>((resolve) => slotWaiters.push(resolve));
    rendering += 1;
    return () => {
      rendering -= 1;
      slotWaiters.shift()?.();
    };
  }

  /** Starts the key's render (it waits for a slot when `maxRenders` are running). */
  function startRender(key: string, make: () => Promise<Made>): Promise<Entry> {
    const render = (async () => {
      const release = await renderSlot();
      try {
        pageRenders += 1;
        return await makeEntry(PAGES_TAG, key, true, make);
      } finally {
        release();
      }
    })();
    inflight.set(key, render);
    const done = () => {
      if (inflight.get(key) === render) inflight.delete(key);
    };
    // A render nobody waits for (the stale copy was sent) fails quietly; the next request tries again.
    render.then(done, done);
    return render;
  }

  /**
   * A page: one render per key at a time, at most `maxRenders` at once. A request for a key being
   * rendered takes the stale copy when there is one, else shares the render. Over the cap, the
   * stale copy is sent at once and the render queued, so it is fresh for the next request; without
   * one the request waits its turn. With slots free a request never gets a stale copy: the first
   * visit after a change (the owner checking her edit) always sees it.
   */
  async function servePage(request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<Made>) {
    const stale = stalePages.get(key);
    const running = inflight.get(key);
    if (running) return stale ? send(request, reply, stale, 'STALE') : send(request, reply, await running, 'SHARED');
    const full = rendering >= maxRenders;
    const render = startRender(key, make);
    if (full && stale) return send(request, reply, stale, 'STALE');
    return send(request, reply, await render, 'MISS');
  }

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    key: string,
    cacheable: boolean,
    make: () => Promise<Made>,
  ) {
    const bucket = tags.get(tag);
    const cached = cacheable ? bucket?.get(key) : undefined;
    if (cached && cached.expiresAt > Date.now()) {
      bucket?.delete(key);
      bucket?.set(key, cached);
      return send(request, reply, cached, 'HIT');
    }
    if (cached) {
      bucket?.delete(key);
      if (tag === PAGES_TAG) keepStale(new Map([[key, cached]]));
    }
    if (tag === PAGES_TAG) return servePage(request, reply, key, make);
    const entry = await makeEntry(tag, key, cacheable, make);
    if (!cacheable) reply.header('Vary', 'Authorization');
    return send(request, reply, entry, 'MISS');
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
    replyDocument(request, reply, tag, key, load, type) {
      return serve(request, reply, tag, key, true, async () => ({
        body: Buffer.from(await load()),
        status: 200,
        type,
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
      stalePages.clear();
      epoch += 1;
      for (const listener of dropListeners) listener(null);
    },
    ttlMs,
    get pageRenders() {
      return pageRenders;
    },
    get size() {
      let n = 0;
      for (const bucket of tags.values()) n += bucket.size;
      return n;
    },
  };
}
