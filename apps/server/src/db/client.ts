/**
 * One code path above the driver: PGlite (embedded, DATA_DIR/db) when DATABASE_URL is unset,
 * a pooled PostgreSQL connection otherwise. Everything above this file only sees `Db`.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The `tx` handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Migrations live beside this file in the source tree and beside the bundle in dist/
 * (the server build copies them), so the same relative URL works in both.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

export async function openDatabase(options: OpenOptions, migrationsDir = MIGRATIONS_DIR): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client error (server restart) must not crash the process; the pool reconnects.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: migrationsDir });
      },
      close: () => pool.end(),
    };
  }
  const client = options.client ?? (options.dataDir ? new PGlite(options.dataDir) : new PGlite());
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsDir });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
