/**
 * Test harness: a fresh database per test file (a copy of the migrated template of the current
 * project on PostgreSQL; on PGlite the worker's instance emptied back to the template, see
 * pglite-pool.ts), fresh DATA_DIR in a temp dir, real storage, image pipeline and
 * file mailer, and the real app from buildApp. Use it in beforeAll/afterAll:
 *
 *   const t = await createTestContext();
 *   const res = await t.app.inject({ method: 'GET', url: '/api/health' });
 *   await t.close();
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createPlatform, type Platform } from '../platform/platform';
import { borrowPglite } from './pglite-pool';

export interface TestContext {
  app: App;
  config: Config;
  database: Database;
  platform: Platform;
  dataDir: string;
  close(): Promise<void>;
}

const silentLog = { info() {}, warn() {}, error() {} };

/**
 * A migrated, empty database of the current test project's kind. `connectAgain` opens a second
 * handle on it as another instance would (its own pool on PostgreSQL; PGlite has one connection,
 * so there it is the same handle), closed by `drop`.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  connectAgain(): Promise<Database>;
  drop(): Promise<void>;
}> {
  if (process.env.ATELIER_TEST_DB === 'postgres') {
    const { adminUrl, template } = inject('postgresTemplate');
    const name = `atelier_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    const others: Database[] = [];
    return {
      database,
      async connectAgain() {
        const other = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
        others.push(other);
        return other;
      },
      async drop() {
        for (const other of others) await other.close();
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const { database, release } = await borrowPglite(inject('pgliteTemplate'));
  return { database, connectAgain: async () => database, drop: release };
}

export async function createTestContext(
  options: { env?: Record<string, string>; webDist?: string } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // The suite's fixtures leave many large orders of one account unpaid; the unpaid-hold caps are
    // lifted here and set by the files that test them (orders.holds.test.ts).
    UNPAID_HOLD_UNITS_PER_PRODUCT: '1000000',
    UNPAID_HOLD_MAX_RUB: '100000000',
    // Likewise every test registers from 127.0.0.1; the budget is set where it is tested (auth.signup.test.ts).
    SIGNUPS_PER_IP_PER_DAY: '1000000',
    ...options.env,
  });
  const { database, drop } = await createTestDatabase();
  const platform = createPlatform(config, silentLog);
  const app = await buildApp({
    config,
    database,
    ...platform,
    logger: false,
    webDist: options.webDist ?? join(dataDir, 'no-web-build'),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    platform,
    dataDir,
    async close() {
      await app.close();
      await platform.mailer.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
