/**
 * One code path above the driver: PGlite (embedded, DATA_DIR/db) when DATABASE_URL is unset,
 * a pooled PostgreSQL connection otherwise. Everything above this file only sees `Db`.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * An embedded PostgreSQL with the extensions our migrations create (pg_trgm for the shop search).
 * Every PGlite that opens our data — the server, tests, backups — is made here.
 */
export function newPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
}

/** True when `dataDir` holds no embedded database yet (this start will create one). */
export function pgliteDataDirIsNew(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Creates an embedded database in the empty `dataDir` and applies the migrations, on a worker
 * thread. PGlite's initdb is the longest step of a first start and, like every query, holds the
 * thread it runs on for all of it (~5 s on a quiet 2-core machine, 20-30 s on a busy one); run
 * here, the main thread draws the demo images meanwhile. `openDatabase` afterwards finds the
 * database and resumes it, and its `migrate` finds nothing left to do.
 */
export async function createPgliteDataDir(dataDir: string, migrationsDir = MIGRATIONS_DIR): Promise<void> {
  const require = createRequire(import.meta.url);
  const modules = [
    '@electric-sql/pglite',
    '@electric-sql/pglite/contrib/pg_trgm',
    'drizzle-orm/pglite',
    'drizzle-orm/pglite/migrator',
  ];
  const [pglite, trgm, drizzle, migrator] = modules.map((name) => JSON.stringify(require.resolve(name)));
  const code = `
    const { PGlite } = require(${pglite});
    const { pg_trgm } = require(${trgm});
    const { drizzle } = require(${drizzle});
    const { migrate } = require(${migrator});
    (async () => {
      const client = new PGlite(${JSON.stringify(dataDir)}, { extensions: { pg_trgm } });
      await client.waitReady;
      await migrate(drizzle({ client }), { migrationsFolder: ${JSON.stringify(migrationsDir)} });
      await client.close();
    })();`;
  const worker = new Worker(code, { eval: true });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (exitCode) =>
      exitCode === 0 ? resolve() : reject(new Error(`creating the embedded database failed (exit ${exitCode})`)),
    );
  });
}

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Postgres unique violation, as node-postgres and PGlite report it (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505')
      return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies the migrations of `migrationsFolder` (this version's by default). */
  migrate(migrationsFolder?: string): Promise<void>;
  /**
   * Runs `fn` while holding the start-up lock, so of several instances started at once on one
   * PostgreSQL database only one migrates, creates the admin and seeds at a time; the others wait
   * and then find the work done. PostgreSQL: a session advisory lock on a dedicated connection
   * (a pooled one could be handed to someone else between lock and unlock). PGlite: the DATA_DIR
   * lock file already makes the process the only one, so `fn` just runs.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The connection string on PostgreSQL (for dedicated connections: LISTEN, locks); undefined on PGlite. */
  readonly url: string | undefined;
  close(): Promise<void>;
}

/**
 * Advisory lock key of start-up (migrations, admin, demo seed): one fixed 64-bit number, shared by
 * every Atelier instance and by nothing else. It reads "atelier\0" in ASCII.
 */
export const STARTUP_LOCK_KEY = 0x6174656c69657200n;

/** Holds a session-level advisory lock on its own connection while `fn` runs. */
export async function withAdvisoryLock<T>(url: string, key: bigint, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection releases the lock by itself; the error then surfaces from fn's queries.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Migrations live beside this file in the source tree and beside the bundle in dist/
 * (the server build copies them), so the same relative URL works in both.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** application_name of the server's connections to PostgreSQL. */
export const APPLICATION_NAME = 'atelier';

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

export async function openDatabase(options: OpenOptions, migrationsDir = MIGRATIONS_DIR): Promise<Database> {
  if (options.kind === 'postgres') {
    // The name lets a restore (and an operator in pg_stat_activity) see that a shop is connected.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: APPLICATION_NAME,
    });
    // An idle client error (server restart) must not crash the process; the pool reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: async (folder = migrationsDir) => {
        await migratePg(db as never, { migrationsFolder: folder });
      },
      withStartupLock: (fn) => withAdvisoryLock(options.url, STARTUP_LOCK_KEY, fn),
      url: options.url,
      close: () => pool.end(),
    };
  }
  const client = options.client ?? newPglite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async (folder = migrationsDir) => {
      await migratePglite(db as never, { migrationsFolder: folder });
    },
    withStartupLock: (fn) => fn(),
    url: undefined,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
