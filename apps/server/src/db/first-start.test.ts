/**
 * A first start makes the embedded database on a worker thread (so the demo images are drawn
 * meanwhile): the directory it leaves is a complete, migrated database that the server resumes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPgliteDataDir, MIGRATIONS_DIR, openDatabase, pgliteDataDirIsNew } from './client';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe('createPgliteDataDir', () => {
  it('creates and migrates a database that openDatabase resumes with every migration applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-first-start-'));
    const dataDir = join(dir, 'db');
    try {
      expect(pgliteDataDirIsNew(dataDir)).toBe(true);
      await createPgliteDataDir(dataDir);
      expect(pgliteDataDirIsNew(dataDir)).toBe(false);

      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
        // The tables are there and the search extension was created with them.
        const products = await database.db.execute(sql`select count(*)::int as n from products`);
        expect((products as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
        const trgm = await database.db.execute(sql`select similarity('peony', 'peonies') > 0.3 as close`);
        expect((trgm as unknown as { rows: { close: boolean }[] }).rows[0]?.close).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('rejects, instead of leaving a start waiting, when the directory cannot be made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-first-start-'));
    try {
      const file = join(dir, 'a-file');
      writeFileSync(file, 'not a directory');
      await expect(createPgliteDataDir(join(file, 'db'))).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
