/**
 * `npm run backup` / `npm run restore` as the operator runs them: a child process with the
 * environment of `npm start` (here DATA_DIR, or DATABASE_URL on the postgres project), its exit
 * code and what it prints. The embedded shop's DATA_DIR lock decides whether it may touch the data.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPglite, openDatabase } from './db/client';
import { users } from './db/schema';
import { createLocalStorage } from './platform/storage/local-storage';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'atelier-cli-'));
// The command as `npm run backup` runs it: bundled like dist/backup.js, once for the file (a
// bundle starts in a fraction of the time a TypeScript loader needs for the same sources). It
// resolves its dependencies from where it lies, so it is written inside the repository.
const bundle = join(SERVER, 'node_modules/.cache', `atelier-backup-cli-${process.pid}`);
const CLI = join(bundle, 'backup.js');
beforeAll(async () => {
  const { bundleServer } = await import(pathToFileURL(join(SERVER, 'scripts/bundle.mjs')).href);
  await bundleServer({
    entryPoints: { backup: 'src/backup-cli.ts' },
    outdir: bundle,
    sourcemap: false,
    demoAssets: false,
  });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(bundle, { recursive: true, force: true });
});

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command in an empty working directory (no .env) with only the given settings. */
function cli(args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: root, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let counter = 0;
const newDir = (name: string) => join(root, `${name}-${++counter}`);

/** A stopped embedded shop: its database under DATA_DIR/db and its files under DATA_DIR/files. */
async function embeddedShop(emails: string[]): Promise<string> {
  const dataDir = newDir('data');
  mkdirSync(dataDir, { recursive: true });
  // A copy of the suite's migrated template, as a shop that has run leaves its database.
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = newPglite(join(dataDir, 'db'), { loadDataDir: template });
  const database = await openDatabase({ kind: 'pglite', client });
  for (const email of emails) await database.db.insert(users).values({ email, name: email });
  await database.close();
  await createLocalStorage({ root: join(dataDir, 'files') }).put(
    'private',
    'books/guide.pdf',
    Buffer.from('%PDF book'),
    'application/pdf',
  );
  return dataDir;
}

async function embeddedEmails(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    return (await database.db.select().from(users).orderBy(asc(users.email))).map((u) => u.email ?? '');
  } finally {
    await database.close();
  }
}

/** A lock file as a running server leaves it: a live process (this test runner) on this host. */
function holdLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, '.lock');
  writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }));
  return () => rmSync(path, { force: true });
}

// The embedded shop's commands open a PGlite of their own, whatever the project's database: they
// run in the PGlite project only (on PostgreSQL they would repeat the same work).
if (process.env.ATELIER_TEST_DB !== 'postgres') {
  // Each case starts one to three Node processes that open PGlite: a second or more each.
  describe('npm run backup / restore on the embedded database', () => {
    it('backs up a stopped shop and restores it into a new DATA_DIR (a new machine)', async () => {
      const source = await embeddedShop(['anna@example.com', 'boris@example.com']);
      const backup = newDir('backup');
      const made = await cli(['backup', backup], { DATA_DIR: source });
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      // The shop's rows: the two customers and the legal documents every shop starts with.
      const written = /Backup written to .*\n {2}database: pglite, logical, \d+ tables, (\d+) rows\n {2}files: 1/.exec(
        made.stdout,
      );
      expect(written, made.stdout).not.toBeNull();
      const rows = Number(written?.[1]);
      expect(rows).toBeGreaterThan(2);
      // The command released the lock it took.
      expect(existsSync(join(source, '.lock'))).toBe(false);

      const target = newDir('data');
      const restored = await cli(['restore', backup], { DATA_DIR: target });
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(
        new RegExp(`Restored [\\s\\S]* ${rows} rows in \\d+ tables checked against the manifest`),
      );
      expect(await embeddedEmails(target)).toEqual(['anna@example.com', 'boris@example.com']);
      expect(readFileSync(join(target, 'files', 'private', 'books', 'guide.pdf'), 'utf8')).toBe('%PDF book');
    });

    it('refuses (exit 2) to back up or restore while a server holds DATA_DIR, changing nothing', async () => {
      const source = await embeddedShop(['anna@example.com']);
      const backup = newDir('backup');
      expect((await cli(['backup', backup], { DATA_DIR: source })).code).toBe(0);

      const running = await embeddedShop(['live-customer@example.com']);
      const release = holdLock(running);
      try {
        const restore = await cli(['restore', backup, '--force'], { DATA_DIR: running });
        expect(restore.code).toBe(2);
        expect(restore.stderr).toMatch(
          new RegExp(
            `Refusing to restore: a running Atelier \\(pid ${process.pid} on .+\\) holds DATA_DIR .*Stop it first`,
          ),
        );
        const copy = await cli(['backup', newDir('backup')], { DATA_DIR: running });
        expect(copy.code).toBe(2);
        expect(copy.stderr).toMatch(/cannot be copied while it runs\. Stop the server .*BACKUP_DIR/);
        // The server's lock is still its own.
        expect(JSON.parse(readFileSync(join(running, '.lock'), 'utf8')).pid).toBe(process.pid);
      } finally {
        release();
      }
      expect(await embeddedEmails(running)).toEqual(['live-customer@example.com']);
    });

    it('refuses (exit 2) a non-empty DATA_DIR without --force, and replaces it with --force', async () => {
      const source = await embeddedShop(['anna@example.com']);
      const backup = newDir('backup');
      expect((await cli(['backup', backup], { DATA_DIR: source })).code).toBe(0);

      const used = await embeddedShop(['someone@example.com']);
      const refused = await cli(['restore', backup], { DATA_DIR: used });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/The target is not empty .*add --force to replace it/);
      expect(await embeddedEmails(used)).toEqual(['someone@example.com']);

      const forced = await cli(['restore', backup, '--force'], { DATA_DIR: used });
      expect(forced.code).toBe(0);
      expect(await embeddedEmails(used)).toEqual(['anna@example.com']);
    });

    it.each([
      [[], /Usage: npm run backup -- DIR/],
      [['restore'], /Usage/],
      [['backup', 'a', 'b'], /Usage/],
      [['backup', 'x', '--force'], /Usage/],
      [['copy', 'x'], /Usage/],
    ])('%j is a usage error (exit 2)', async (args, message) => {
      const result = await cli(args, { DATA_DIR: newDir('data') });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    });

    it('says there is nothing to back up when DATA_DIR has no database', async () => {
      const result = await cli(['backup', newDir('backup')], { DATA_DIR: newDir('data') });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/no embedded database at .*nothing to back up/);
    });
  });
}

if (process.env.ATELIER_TEST_DB === 'postgres') {
  describe('npm run backup / restore on PostgreSQL (DATABASE_URL)', () => {
    it('backs up with pg_dump, or its own dump with --logical or without pg_dump on the PATH; restores; refuses a non-empty database', async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const names = [1, 2].map(() => `atelier_cli_${randomBytes(5).toString('hex')}`);
      const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      try {
        for (const name of names) await admin.query(`create database ${name}`);
        const [sourceName = '', targetName = ''] = names;
        const source = await openDatabase({ kind: 'postgres', url: urlOf(sourceName), poolSize: 1 });
        await source.migrate();
        await source.db.insert(users).values({ email: 'anna@example.com', name: 'Anna' });
        await source.close();

        // pg_dump when installed; our own dump with --logical, or when pg_dump is not on the PATH.
        const variants = [
          { flags: [], path: process.env.PATH ?? '', format: 'pg_dump' },
          { flags: ['--logical'], path: process.env.PATH ?? '', format: 'logical' },
          { flags: [], path: root, format: 'logical' },
        ];
        for (const variant of variants) {
          const backup = newDir('backup');
          const made = await cli(['backup', backup, ...variant.flags], {
            DATA_DIR: newDir('data'),
            DATABASE_URL: urlOf(sourceName),
            PATH: variant.path,
          });
          expect(made.code).toBe(0);
          expect(made.stdout).toContain(`postgres, ${variant.format}`);
          const env = { DATA_DIR: newDir('data'), DATABASE_URL: urlOf(targetName) };
          const restored = await cli(['restore', backup, '--force'], env);
          expect(restored.code).toBe(0);
          const again = await cli(['restore', backup], env);
          expect(again.code).toBe(2);
          expect(again.stderr).toMatch(/not empty/);
        }
        const target = await openDatabase({ kind: 'postgres', url: urlOf(targetName), poolSize: 1 });
        expect((await target.db.select().from(users)).map((u) => u.email)).toEqual(['anna@example.com']);
        await target.close();
      } finally {
        for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  });
}
