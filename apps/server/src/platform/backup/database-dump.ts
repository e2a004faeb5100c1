/**
 * The database half of a backup, in two formats:
 *
 * - `logical`: our own dump, one JSON-lines file per table (`row_to_json` of every row), written in
 *   one repeatable-read transaction so all tables come from the same moment, plus the sequences'
 *   values and the hashes of the migrations applied. It is read back with `json_populate_recordset`
 *   into a database migrated to exactly the backup's migration level, tables in foreign-key order.
 *   It works the same on PGlite and PostgreSQL, so it also moves an embedded shop onto PostgreSQL.
 * - `pg_dump`: PostgreSQL's own custom-format dump (pg_dump/pg_restore), used when those tools are
 *   installed and the database is PostgreSQL; the row counts are taken in the transaction whose
 *   snapshot pg_dump exports, so they describe exactly what was dumped.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, MIGRATIONS_DIR } from '../../db/client';

type Runner = { execute(query: ReturnType<typeof sql.raw>): Promise<unknown> };

async function rows<T>(db: Runner, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface DumpedFile {
  name: string;
  size: number;
  sha256: string;
}

export interface DatabaseManifest {
  format: 'logical' | 'pg_dump';
  /** Tables of the public schema in an order that satisfies their foreign keys, with row counts. */
  tables: { name: string; rows: number }[];
  /** Hashes of the migrations applied, oldest first (drizzle's own bookkeeping). */
  migrations: string[];
  sequences: { name: string; value: string | null }[];
  files: DumpedFile[];
}

/** Tables of the public schema, parents before children. */
async function tablesInOrder(db: Runner): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql.raw(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
    )
  ).map((t) => t.name);
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql.raw(`select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) =>
        !placed.has(t) &&
        edges.every((e) => e.child !== t || e.parent === t || placed.has(e.parent) || !tables.includes(e.parent)),
    );
    // A foreign-key cycle would need deferred constraints; the schema has none, so say so loudly.
    if (ready.length === 0) throw new Error('Foreign keys between tables form a cycle; cannot order the dump');
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function appliedMigrations(db: Runner): Promise<string[]> {
  const exists = await rows<{ present: boolean }>(
    db,
    sql.raw(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!exists[0]?.present) return [];
  return (await rows<{ hash: string }>(db, sql.raw('select hash from drizzle.__drizzle_migrations order by id'))).map(
    (r) => r.hash,
  );
}

async function sequences(db: Runner): Promise<DatabaseManifest['sequences']> {
  return rows<{ name: string; value: string | null }>(
    db,
    sql.raw(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
    ),
  );
}

async function countRows(db: Runner, tables: string[]): Promise<{ name: string; rows: number }[]> {
  const out: { name: string; rows: number }[] = [];
  for (const name of tables) {
    const [row] = await rows<{ n: string | number }>(db, sql.raw(`select count(*) as n from ${ident(name)}`));
    out.push({ name, rows: Number(row?.n ?? 0) });
  }
  return out;
}

async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

const FETCH = 500;

/** Our own dump: a consistent snapshot of every table as JSON lines under `dir`. */
export async function dumpLogical(database: Database, dir: string): Promise<DatabaseManifest> {
  return database.db.transaction(
    async (tx) => {
      const names = await tablesInOrder(tx);
      const tables: DatabaseManifest['tables'] = [];
      const files: DumpedFile[] = [];
      for (const name of names) {
        const fileName = `${name}.jsonl`;
        const out = createWriteStream(join(dir, fileName));
        const hash = createHash('sha256');
        let count = 0;
        let size = 0;
        // A cursor keeps memory flat on big tables; it lives inside this transaction's snapshot.
        await tx.execute(
          sql.raw(`declare dump_cursor no scroll cursor for select row_to_json(t)::text as j from ${ident(name)} t`),
        );
        for (;;) {
          const batch = await rows<{ j: string }>(tx, sql.raw(`fetch ${FETCH} from dump_cursor`));
          if (batch.length === 0) break;
          const text = `${batch.map((r) => r.j).join('\n')}\n`;
          hash.update(text);
          size += Buffer.byteLength(text);
          count += batch.length;
          if (!out.write(text)) await once(out, 'drain');
        }
        await tx.execute(sql.raw('close dump_cursor'));
        out.end();
        await once(out, 'finish');
        tables.push({ name, rows: count });
        files.push({ name: fileName, size, sha256: hash.digest('hex') });
      }
      return {
        format: 'logical' as const,
        tables,
        migrations: await appliedMigrations(tx),
        sequences: await sequences(tx),
        files,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Whether pg_dump and pg_restore can be run (they are on the PATH). */
export async function pgToolsAvailable(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    await run('pg_restore', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export const PG_DUMP_FILE = 'database.pgdump';

/** pg_dump of the whole database, row counts from the very snapshot pg_dump reads. */
export async function dumpWithPgDump(database: Database, url: string, dir: string): Promise<DatabaseManifest> {
  return database.db.transaction(
    async (tx) => {
      const [snapshot] = await rows<{ id: string }>(tx, sql.raw('select pg_export_snapshot() as id'));
      const path = join(dir, PG_DUMP_FILE);
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot?.id}`,
        `--file=${path}`,
        `--dbname=${url}`,
      ]);
      const names = await tablesInOrder(tx);
      return {
        format: 'pg_dump' as const,
        tables: await countRows(tx, names),
        migrations: await appliedMigrations(tx),
        sequences: await sequences(tx),
        files: [{ name: PG_DUMP_FILE, ...(await fileDigest(path)) }],
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Checks that every database file of the backup is there with its recorded size and hash. */
export async function verifyDumpFiles(dir: string, manifest: DatabaseManifest): Promise<string[]> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    const digest = await fileDigest(join(dir, file.name)).catch(() => null);
    if (!digest) problems.push(`database file ${file.name} is missing`);
    else if (digest.size !== file.size || digest.sha256 !== file.sha256) {
      problems.push(`database file ${file.name} differs from the manifest (size or sha256)`);
    }
  }
  return problems;
}

/** Whether the database holds anything of ours (any table in public, or drizzle's bookkeeping). */
export async function databaseIsEmpty(database: Database): Promise<boolean> {
  const [row] = await rows<{ n: string | number }>(
    database.db,
    sql.raw(`select (select count(*) from pg_tables where schemaname in ('public', 'drizzle'))
                  + (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace
                      where n.nspname = 'public' and t.typtype = 'e') as n`),
  );
  return Number(row?.n ?? 0) === 0;
}

/** Drops every object of ours so a restore starts from nothing (used with --force). */
export async function wipeDatabase(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('drop schema if exists drizzle cascade'));
    const tables = await rows<{ name: string }>(
      tx,
      sql.raw(`select tablename as name from pg_tables where schemaname = 'public'`),
    );
    for (const { name } of tables) await tx.execute(sql.raw(`drop table if exists public.${ident(name)} cascade`));
    const others = await rows<{ kind: string; name: string }>(
      tx,
      sql.raw(`select 'sequence' as kind, sequencename as name from pg_sequences where schemaname = 'public'
               union all
               select 'type', t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
                where n.nspname = 'public' and t.typtype = 'e'`),
    );
    for (const { kind, name } of others)
      await tx.execute(sql.raw(`drop ${kind} if exists public.${ident(name)} cascade`));
    // Trigger functions (a product's default variant) go with the schema they serve.
    const functions = await rows<{ name: string }>(
      tx,
      sql.raw(`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname = 'public' and p.prokind = 'f' and p.prorettype = 'trigger'::regtype
                  and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`),
    );
    for (const { name } of functions)
      await tx.execute(sql.raw(`drop function if exists public.${ident(name)}() cascade`));
  });
}

/**
 * Migrates `database` to exactly the backup's level: the first N migrations of this version,
 * which must be the very ones the backup recorded. A backup from a newer version is refused (its
 * tables may have columns this code does not know); an older one is fine: the server applies the
 * rest on its next start, with the data in place, as on any upgrade.
 */
async function migrateToLevel(database: Database, hashes: string[]): Promise<void> {
  const local = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  if (hashes.length > local.length) {
    throw new Error(
      `The backup was made by a newer Atelier (${hashes.length} migrations, this one has ${local.length}); update first.`,
    );
  }
  hashes.forEach((hash, i) => {
    if (local[i]?.hash !== hash) {
      throw new Error(
        `The backup's migration #${i + 1} differs from this version's; it was made by another branch of Atelier.`,
      );
    }
  });
  const folder = await mkdtemp(join(tmpdir(), 'atelier-migrations-'));
  try {
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, hashes.length);
    await writeFile(journalPath, JSON.stringify(journal));
    await database.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function* batchesOf(path: string, size: number): AsyncGenerator<string[]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Loads a logical dump into an empty database, in one transaction: all or nothing. */
export async function loadLogical(database: Database, dir: string, manifest: DatabaseManifest): Promise<void> {
  await migrateToLevel(database, manifest.migrations);
  await database.db.transaction(async (tx) => {
    // The rows come back as they were: a trigger that derives rows (a product's default variant)
    // must not add them a second time. The tables' own triggers are off until the load commits.
    for (const table of manifest.tables) {
      await tx.execute(sql.raw(`alter table public.${ident(table.name)} disable trigger user`));
    }
    for (const table of manifest.tables) {
      const columns = (
        await rows<{ name: string }>(
          tx,
          sql.raw(`select column_name as name from information_schema.columns
                    where table_schema = 'public' and table_name = '${table.name.replace(/'/g, "''")}'
                      and is_generated = 'NEVER' order by ordinal_position`),
        )
      ).map((c) => ident(c.name));
      if (columns.length === 0) throw new Error(`Table ${table.name} of the backup does not exist after migrating`);
      const list = columns.join(', ');
      for await (const batch of batchesOf(join(dir, `${table.name}.jsonl`), 500)) {
        await tx.execute(
          sql`${sql.raw(`insert into public.${ident(table.name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::public.${ident(table.name)}, `)}${`[${batch.join(',')}]`}${sql.raw('::json)')}`,
        );
      }
    }
    for (const table of manifest.tables) {
      await tx.execute(sql.raw(`alter table public.${ident(table.name)} enable trigger user`));
    }
    for (const sequence of manifest.sequences) {
      if (sequence.value === null) continue;
      await tx.execute(
        sql`select setval(${`public.${ident(sequence.name)}`}::regclass, ${sequence.value}::bigint, true)`,
      );
    }
  });
}

/** pg_restore of a pg_dump backup into an empty PostgreSQL database, in one transaction. */
export async function loadPgDump(url: string, dir: string): Promise<void> {
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    join(dir, PG_DUMP_FILE),
  ]);
}

/** Row counts of the restored database, to compare with the manifest. */
export async function tableCounts(database: Database, names: string[]): Promise<{ name: string; rows: number }[]> {
  return countRows(database.db, names);
}
