/**
 * In-memory cache of serialized public responses with ETags (DESIGN §2: hot public reads are not
 * served from the database). Entries are grouped by tag ('shop', 'portfolio', ...) and every write
 * to that content calls `invalidate(tag)`.
 *
 * With several app instances (PostgreSQL mode) another instance's write cannot reach this memory,
 * so entries there also expire after `ttlMs`; on the embedded database there is one process and
 * entries live until invalidated.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  /** UTF-8 bytes, encoded once: a string body would be measured and encoded on every send. */
  body: Buffer;
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
  invalidate(tag: string): void;
  clear(): void;
  readonly size: number;
}

export function createPublicCache(options: { ttlMs?: number; maxEntriesPerTag?: number } = {}): PublicCache {
  const ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  const maxEntries = options.maxEntriesPerTag ?? 500;
  const tags = new Map<string, Map<string, Entry>>();
  // Bumped on invalidate so a load that started before the write does not store stale data.
  const generations = new Map<string, number>();

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, hit: boolean) {
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
    reply.header('X-Cache', hit ? 'HIT' : 'MISS');
    const inm = request.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === entry.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  }

  return {
    async reply(request, reply, tag, load, options) {
      const key = request.url;
      const cacheable = options?.sameForEveryone === true || !request.headers.authorization;
      let bucket = tags.get(tag);
      const cached = cacheable ? bucket?.get(key) : undefined;
      if (cached && cached.expiresAt > Date.now()) return send(request, reply, cached, true);

      const generation = generations.get(tag) ?? 0;
      const body = Buffer.from(JSON.stringify(await load()));
      const entry: Entry = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        expiresAt: Date.now() + ttlMs,
      };
      if (cacheable && (generations.get(tag) ?? 0) === generation) {
        if (!bucket) {
          bucket = new Map();
          tags.set(tag, bucket);
        }
        if (bucket.size >= maxEntries) bucket.delete(bucket.keys().next().value as string);
        bucket.set(key, entry);
      }
      if (!cacheable) reply.header('Vary', 'Authorization');
      return send(request, reply, entry, false);
    },
    invalidate(tag) {
      tags.delete(tag);
      generations.set(tag, (generations.get(tag) ?? 0) + 1);
    },
    clear() {
      tags.clear();
    },
    get size() {
      let n = 0;
      for (const bucket of tags.values()) n += bucket.size;
      return n;
    },
  };
}
