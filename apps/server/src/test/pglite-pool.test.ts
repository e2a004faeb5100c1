import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Db } from '../db/client';
import { borrowPglite } from './pglite-pool';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const legal = (db: Db) =>
  rows<{ id: string; body: string }>(
    db,
    sql`select id::text, row_to_json(l)::text as body from legal_documents l order by id`,
  );

describe('the embedded test database handed from one test file to the next', () => {
  it('comes back as the template made it: no rows of the last file, the template`s own rows, sequences restarted', async () => {
    const template = inject('pgliteTemplate');
    const first = await borrowPglite(template);
    const db = first.database.db;
    const legalBefore = await legal(db);
    expect(legalBefore.length).toBeGreaterThan(0);
    const numberBefore = await rows<{ n: string }>(db, sql`select nextval('orders_number_seq')::text as n`);

    // What a test file leaves behind: rows of its own, a template row changed, a sequence moved,
    // a session setting and an advisory lock.
    await db.execute(
      sql`insert into users (email, name, role, password_hash) values ('left@example.com', 'Left', 'customer', 'x')`,
    );
    await db.execute(sql`update legal_documents set title = 'changed'`);
    await db.execute(sql`delete from legal_documents where id = ${legalBefore[0]!.id}::uuid`);
    await db.execute(sql`select nextval('orders_number_seq') from generate_series(1, 5)`);
    await db.execute(sql`set statement_timeout = 1234`);
    await db.execute(sql`select pg_advisory_lock(42)`);
    await first.release();

    const second = await borrowPglite(template);
    expect(second.database).toBe(first.database);
    const again = second.database.db;
    expect(await rows(again, sql`select email from users`)).toEqual([]);
    expect(await legal(again)).toEqual(legalBefore);
    expect(await rows(again, sql`select nextval('orders_number_seq')::text as n`)).toEqual(numberBefore);
    expect(await rows(again, sql`select current_setting('statement_timeout') as v`)).toEqual([{ v: '0' }]);
    expect(await rows(again, sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`)).toEqual([
      { n: 0 },
    ]);

    // A file that holds two databases at once gets a second, separate one.
    const other = await borrowPglite(template);
    expect(other.database).not.toBe(second.database);
    await other.database.db.execute(
      sql`insert into users (email, name, role, password_hash) values ('other@example.com', 'O', 'customer', 'x')`,
    );
    expect(await rows(again, sql`select email from users`)).toEqual([]);
    await other.release();
    await second.release();
  });

  it('a database closed by its file is not handed on', async () => {
    const template = inject('pgliteTemplate');
    const first = await borrowPglite(template);
    await first.database.close();
    await first.release();
    const next = await borrowPglite(template);
    expect(next.database).not.toBe(first.database);
    expect(await rows(next.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    await next.release();
  });
});
