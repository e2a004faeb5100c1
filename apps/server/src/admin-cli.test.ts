/**
 * `npm run admin:reset-password` as the operator runs it: a child process with the environment of
 * `npm start` (DATA_DIR on the embedded database, DATABASE_URL on PostgreSQL), the new password in
 * ADMIN_NEW_PASSWORD or on standard input (no terminal here, as in CI), its exit code and what it
 * prints. It sets the password, ends every session of the account, and checks the policy.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, newPglite, openDatabase } from './db/client';
import { sessions, users } from './db/schema';
import { hashPassword, TEST_PASSWORD_COST, verifyPassword } from './platform/auth/passwords';
import { createSession } from './platform/auth/sessions';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'atelier-admin-cli-'));
// The command as `npm run admin:reset-password` runs it: bundled like dist/admin.js, once for the
// file, inside the repository (the bundle resolves its dependencies from where it lies).
const bundle = join(SERVER, 'node_modules/.cache', `atelier-admin-cli-${process.pid}`);
const CLI = join(bundle, 'admin.js');
beforeAll(async () => {
  const { bundleServer } = await import(pathToFileURL(join(SERVER, 'scripts/bundle.mjs')).href);
  await bundleServer({
    entryPoints: { admin: 'src/admin-cli.ts' },
    outdir: bundle,
    sourcemap: false,
    demoAssets: false,
  });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(bundle, { recursive: true, force: true });
});

const ADMIN = 'owner@atelier.test';
const OLD_PASSWORD = 'Environment-Orchid-42';
const NEW_PASSWORD = 'Recovered-lily-of-2026';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command in an empty working directory (no .env) with only the given settings and input. */
function cli(args: string[], env: Record<string, string>, stdin = ''): Promise<Result> {
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
    child.stdin.end(stdin);
  });
}

/** The admin (with two live sessions) and a customer (one session) in `database`. */
async function seedAccounts(database: Database) {
  const hash = await hashPassword(OLD_PASSWORD, TEST_PASSWORD_COST);
  const [admin] = await database.db
    .insert(users)
    .values({ email: ADMIN, name: 'Owner', role: 'admin', passwordHash: hash, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const [customer] = await database.db
    .insert(users)
    .values({ email: 'anna@example.com', name: 'Anna', passwordHash: hash, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  for (const id of [admin!.id, admin!.id, customer!.id]) await createSession(database.db, id);
  return { adminId: admin!.id, customerId: customer!.id };
}

/** The account's password hash and its live sessions. */
async function accountState(database: Database, userId: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, userId));
  const live = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return { hash: row!.passwordHash ?? '', live: live.filter((s) => s.revokedAt === null).length };
}

let counter = 0;
const newDir = (name: string) => join(root, `${name}-${++counter}`);

/** A stopped embedded shop (a copy of the suite's migrated template) with the two accounts. */
async function embeddedShop() {
  const dataDir = newDir('data');
  mkdirSync(dataDir, { recursive: true });
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({
    kind: 'pglite',
    client: newPglite(join(dataDir, 'db'), { loadDataDir: template }),
  });
  const ids = await seedAccounts(database);
  await database.close();
  const open = () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  return { dataDir, ...ids, open };
}

async function withDatabase<T>(open: () => Promise<Database>, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

// The embedded shop's command opens a PGlite of its own, whatever the project's database.
if (process.env.ATELIER_TEST_DB !== 'postgres') {
  describe('npm run admin:reset-password on the embedded database (server stopped)', () => {
    it('sets the password from ADMIN_NEW_PASSWORD and ends every session of the account, no other', async () => {
      const shop = await embeddedShop();
      const run = await cli(['reset-password'], {
        DATA_DIR: shop.dataDir,
        ADMIN_EMAIL: ADMIN,
        ADMIN_NEW_PASSWORD: NEW_PASSWORD,
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Password of ${ADMIN} changed; 2 session(s) ended`);
      expect(existsSync(join(shop.dataDir, '.lock'))).toBe(false);
      await withDatabase(shop.open, async (database) => {
        const admin = await accountState(database, shop.adminId);
        expect(admin.live).toBe(0);
        expect(await verifyPassword(NEW_PASSWORD, admin.hash)).toBe(true);
        expect(await verifyPassword(OLD_PASSWORD, admin.hash)).toBe(false);
        expect((await accountState(database, shop.customerId)).live).toBe(1);
      });
    });

    it('reads the password from standard input when no variable is set (no terminal), for --email', async () => {
      const shop = await embeddedShop();
      const run = await cli(['reset-password', '--email', ADMIN], { DATA_DIR: shop.dataDir }, `${NEW_PASSWORD}\n`);
      expect(run.code).toBe(0);
      await withDatabase(shop.open, async (database) => {
        expect(await verifyPassword(NEW_PASSWORD, (await accountState(database, shop.adminId)).hash)).toBe(true);
      });
    });

    it.each([
      ['a short password', { ADMIN_NEW_PASSWORD: 'Orchid-99!x' }, 'must be at least 12 characters'],
      ['a common one', { ADMIN_NEW_PASSWORD: 'qwerty123456' }, 'common password'],
      ['no password at all', {}, 'No new password: set ADMIN_NEW_PASSWORD'],
      ['an unknown account', { ADMIN_NEW_PASSWORD: NEW_PASSWORD, ADMIN_EMAIL: 'nobody@atelier.test' }, 'no account'],
      ['a customer', { ADMIN_NEW_PASSWORD: NEW_PASSWORD, ADMIN_EMAIL: 'anna@example.com' }, 'is not an admin account'],
    ])('refuses (exit 2) %s, changing nothing', async (_case, env, message) => {
      const shop = await embeddedShop();
      const run = await cli(['reset-password'], { DATA_DIR: shop.dataDir, ADMIN_EMAIL: ADMIN, ...env });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      await withDatabase(shop.open, async (database) => {
        const admin = await accountState(database, shop.adminId);
        expect(admin.live).toBe(2);
        expect(await verifyPassword(OLD_PASSWORD, admin.hash)).toBe(true);
      });
    });

    it('refuses (exit 2) while a server holds DATA_DIR', async () => {
      const shop = await embeddedShop();
      // A lock file as a running server leaves it: a live process (this test runner) on this host.
      const lock = join(shop.dataDir, '.lock');
      writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }));
      try {
        const run = await cli(['reset-password'], {
          DATA_DIR: shop.dataDir,
          ADMIN_EMAIL: ADMIN,
          ADMIN_NEW_PASSWORD: NEW_PASSWORD,
        });
        expect(run.code).toBe(2);
        expect(run.stderr).toContain('Stop it, run the command again');
      } finally {
        rmSync(lock, { force: true });
      }
      await withDatabase(shop.open, async (database) => {
        expect(await verifyPassword(OLD_PASSWORD, (await accountState(database, shop.adminId)).hash)).toBe(true);
      });
    });
  });
}

if (process.env.ATELIER_TEST_DB === 'postgres') {
  describe('npm run admin:reset-password on PostgreSQL (DATABASE_URL)', () => {
    it('sets the password and ends the sessions, beside a live server', async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const name = `atelier_admin_cli_${randomBytes(5).toString('hex')}`;
      const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      try {
        await client.query(`create database ${name}`);
        const open = () => openDatabase({ kind: 'postgres', url, poolSize: 1 });
        const ids = await withDatabase(open, async (database) => {
          await database.migrate();
          return seedAccounts(database);
        });
        const run = await cli(['reset-password'], {
          DATA_DIR: newDir('data'),
          DATABASE_URL: url,
          ADMIN_EMAIL: ADMIN,
          ADMIN_NEW_PASSWORD: NEW_PASSWORD,
        });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        await withDatabase(open, async (database) => {
          const admin = await accountState(database, ids.adminId);
          expect(admin.live).toBe(0);
          expect(await verifyPassword(NEW_PASSWORD, admin.hash)).toBe(true);
          const stillLive = await database.db.select().from(sessions).where(isNull(sessions.revokedAt));
          expect(stillLive.map((s) => s.userId)).toEqual([ids.customerId]);
        });
      } finally {
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      }
    });
  });
}
