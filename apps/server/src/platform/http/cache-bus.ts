/**
 * Relays public-cache invalidations between app instances on one PostgreSQL database.
 *
 * A local `cache.invalidate(tag)` is published with `pg_notify` (through the pool); every instance
 * keeps one dedicated connection that LISTENs on the channel and applies incoming tags with
 * `cache.invalidateLocal`, ignoring its own (already applied). If that connection drops, it
 * reconnects with exponential back-off and, once listening again, clears the whole cache: a
 * notification sent while it was away is lost. The cache's TTL stays as the last safety net.
 * On PGlite there is one process, so there is nothing to relay and no bus is started.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PublicCache } from './public-cache';

export const CACHE_CHANNEL = 'atelier_cache';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CacheBusOptions {
  url: string;
  cache: PublicCache;
  log: Log;
  /** First reconnect delay; doubled after each failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface CacheBus {
  /** This instance's id; notifications carrying it are its own. */
  readonly instanceId: string;
  /** True while the LISTEN connection is up. */
  readonly listening: boolean;
  /** Resolves once a LISTEN connection is up (for tests and start-up ordering). */
  connected(): Promise<void>;
  /** Ends the LISTEN connection (tests use it to simulate a dropped connection). */
  dropConnection(): Promise<void>;
  stop(): Promise<void>;
}

interface Message {
  from: string;
  tag: string;
}

function parse(payload: string | undefined): Message | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<Message>;
    return typeof value.from === 'string' && typeof value.tag === 'string' ? (value as Message) : null;
  } catch {
    return null;
  }
}

export async function startCacheBus(options: CacheBusOptions): Promise<CacheBus> {
  const { url, cache, log } = options;
  const minBackoff = options.minBackoffMs ?? 100;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const instanceId = randomUUID();
  // Publishing goes through its own small pool so a busy app pool never delays an invalidation.
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', () => {});

  let client: pg.Client | null = null;
  let stopped = false;
  let backoff = minBackoff;
  let retryTimer: NodeJS.Timeout | null = null;
  let everConnected = false;
  let waiters: Array<() => void> = [];

  const unsubscribe = cache.onInvalidate((tag) => {
    if (stopped) return;
    publisher
      .query('select pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify({ from: instanceId, tag })])
      .catch((error: unknown) => {
        // The other instances then serve this tag until their TTL runs out.
        log.error({ err: error, tag }, 'cache bus: could not publish an invalidation');
      });
  });

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    const delay = backoff;
    backoff = Math.min(backoff * 2, maxBackoff);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      if (!stopped) {
        log.warn({ err: error }, 'cache bus: LISTEN connection lost; reconnecting');
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL) return;
      const parsed = parse(message.payload);
      if (parsed && parsed.from !== instanceId) cache.invalidateLocal(parsed.tag);
    });
    try {
      await next.connect();
      await next.query(`listen ${CACHE_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      onLost(error as Error);
      return;
    }
    if (stopped || lost) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    backoff = minBackoff;
    // Whatever was published while no connection listened is lost: start from an empty cache.
    if (everConnected) {
      cache.clear();
      log.info({}, 'cache bus: listening again; cache cleared');
    }
    everConnected = true;
    for (const resolve of waiters) resolve();
    waiters = [];
  }

  await connect();

  return {
    instanceId,
    get listening() {
      return client !== null;
    },
    connected() {
      if (client) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async dropConnection() {
      const current = client;
      client = null;
      await current?.end();
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
      await publisher.end().catch(() => {});
      for (const resolve of waiters) resolve();
      waiters = [];
    },
  };
}
