/**
 * Creates one migrated PGlite database and dumps its data dir to a file; each test file loads a
 * copy (~0.5 s) instead of creating and migrating its own (~4 s).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { newPglite, openDatabase } from '../db/client';
import { createLegalService } from '../features/legal/legal.service';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-tpl-'));
  const client = newPglite();
  const database = await openDatabase({ kind: 'pglite', client });
  await database.migrate();
  // As main.ts does at every start: the legal documents exist in every shop.
  await createLegalService({ db: database.db }).ensureSeeded();
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: { adminUrl: string; template: string };
  }
}
