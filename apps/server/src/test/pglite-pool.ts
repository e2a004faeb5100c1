/**
 * Embedded test databases without paying PGlite's start for every test file.
 *
 * Loading the migrated template into a new PGlite costs ~2.5 s of CPU (untarring 40 MB into the
 * in-memory file system and starting postgres), more than most test files spend on their tests.
 * Test files of a worker run one after another and share its modules (isolate: false), so a
 * worker keeps the instance a file is done with and hands it to the next file emptied back to
 * the template: every table truncated, the template's own rows (the legal documents) put back,
 * every sequence where the template left it, and the session's settings, locks and listeners
 * reset. A file that holds two databases at once gets a second, fresh instance for the other.
 */
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { type Database, newPglite, openDatabase } from '../db/client';

/** Where the test data lives; the migrations' own table (schema "drizzle") is left alone. */
const SCHEMA = 'public';
/** The template's rows, kept inside the instance itself to be copied back on every reset. */
const KEPT = 'test_template_rows';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface Spare {
  template: string;
  client: PGlite;
  database: Database;
  reset: () => Promise<void>;
}

let spare: Spare | undefined;
let lent = false;

/** Takes a copy of the template state and returns the SQL that brings the instance back to it. */
async function prepareReset(client: PGlite): Promise<() => Promise<void>> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = $1 order by tablename`,
      [SCHEMA],
    )
  ).rows.map((row) => row.name);
  const statements: string[] = [];
  statements.push(`create schema ${KEPT}`);
  const restore: string[] = [];
  for (const table of tables) {
    const count = await client.query<{ n: number }>(`select count(*)::int as n from ${SCHEMA}.${quote(table)}`);
    if ((count.rows[0]?.n ?? 0) === 0) continue;
    const columns = (
      await client.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = $1 and table_name = $2 and is_generated = 'NEVER'
          order by ordinal_position`,
        [SCHEMA, table],
      )
    ).rows
      .map((row) => quote(row.name))
      .join(', ');
    statements.push(`create table ${KEPT}.${quote(table)} as select ${columns} from ${SCHEMA}.${quote(table)}`);
    restore.push(
      `insert into ${SCHEMA}.${quote(table)} (${columns}) overriding system value select ${columns} from ${KEPT}.${quote(table)}`,
    );
  }
  await client.exec(statements.join(';\n'));

  const sequences = (
    await client.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value::text as last from pg_sequences where schemaname = $1`,
      [SCHEMA],
    )
  ).rows.map((row) =>
    row.last === null
      ? `alter sequence ${SCHEMA}.${quote(row.name)} restart`
      : `select setval('${SCHEMA}.${quote(row.name)}', ${row.last}, true)`,
  );

  const truncate =
    tables.length > 0 ? `truncate table ${tables.map((t) => `${SCHEMA}.${quote(t)}`).join(', ')} cascade` : '';
  const script = [
    'reset all',
    'select pg_advisory_unlock_all()',
    'unlisten *',
    `begin`,
    truncate,
    ...restore,
    ...sequences,
    'commit',
  ]
    .filter(Boolean)
    .join(';\n');
  return async () => {
    await client.exec(script);
  };
}

async function fresh(template: string): Promise<{ client: PGlite; database: Database }> {
  const client = newPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) });
  const database = await openDatabase({ kind: 'pglite', client });
  return { client, database };
}

/**
 * A migrated, empty embedded database as the template made it. `release` gives it back: the
 * worker keeps one instance for the next file and closes any other.
 */
export async function borrowPglite(template: string): Promise<{ database: Database; release(): Promise<void> }> {
  if (spare && (spare.template !== template || spare.client.closed)) {
    const stale = spare;
    spare = undefined;
    await stale.database.close().catch(() => {});
  }
  if (spare && !lent) {
    const kept = spare;
    lent = true;
    try {
      await kept.reset();
    } catch (error) {
      lent = false;
      spare = undefined;
      await kept.database.close().catch(() => {});
      throw error;
    }
    return {
      database: kept.database,
      async release() {
        lent = false;
        if (kept.client.closed && spare === kept) spare = undefined;
      },
    };
  }
  const { client, database } = await fresh(template);
  if (!spare) {
    const reset = await prepareReset(client);
    const made: Spare = { template, client, database, reset };
    spare = made;
    lent = true;
    return {
      database,
      async release() {
        lent = false;
        if (client.closed && spare === made) spare = undefined;
      },
    };
  }
  return { database, release: () => database.close() };
}
