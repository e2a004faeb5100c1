/**
 * Several instances on one PostgreSQL database: three built server processes started
 * at the same moment on a fresh, empty database all come up; migrations, the admin and the demo
 * content are created exactly once (start-up runs under an advisory lock).
 *
 * PostgreSQL: TEST_DATABASE_URL (a server where this test may create and drop a database), by
 * default the local postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeDataDir, removeDir, type ServerProcess, spawnServer, waitReady } from '../src/server';
import { budget } from '../src/timeouts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = `atelier_e2e_scale_${randomBytes(5).toString('hex')}`;
const ADMIN_EMAIL = 'owner@scale.test';

const running: ServerProcess[] = [];
const dirs: string[] = [];
let admin: pg.Client | undefined;

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGTERM', 15_000)));
  for (const dir of dirs.splice(0)) removeDir(dir);
  if (admin) {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
});

describe('three instances started at once on one empty PostgreSQL database', { timeout: budget(100_000) }, () => {
  it('all answer /api/health and /api/ready; the demo content and the admin exist once', async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${DB_NAME}`);

    const servers = await Promise.all(
      [0, 1, 2].map(async () => {
        const dataDir = makeDataDir('atelier-e2e-scale-');
        dirs.push(dataDir);
        const server = await spawnServer({
          main: inject('serverMain'),
          dataDir,
          seedDemo: true,
          logLevel: 'info',
          env: { DATABASE_URL: databaseUrl(), ADMIN_EMAIL, ADMIN_PASSWORD: undefined },
        });
        running.push(server);
        return server;
      }),
    );
    await Promise.all(servers.map((server) => waitReady(server, budget(80_000))));

    for (const server of servers) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status, server.output()).toBe(200);
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status, server.output()).toBe(200);
      expect(((await ready.json()) as { data: { ready: boolean } }).data.ready).toBe(true);
    }

    // Exactly one process seeded and created (and printed) the admin; the others found it done.
    const outputs = servers.map((server) => server.output());
    expect(outputs.filter((out) => out.includes('demo content seeded'))).toHaveLength(1);
    expect(outputs.filter((out) => out.includes('Admin account created'))).toHaveLength(1);

    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      const products = await db.query<{ total: number; distinct: number }>(
        `select count(*)::int as total, count(distinct name->>'ru')::int as distinct from products`,
      );
      expect(products.rows[0]!.total).toBeGreaterThan(0);
      expect(products.rows[0]!.distinct).toBe(products.rows[0]!.total);
      const admins = await db.query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`);
      expect(admins.rows[0]!.n).toBe(1);
      const migrations = await db.query<{ n: number; distinct: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.distinct);

      // Every instance serves the same catalogue from the shared database.
      const totals = await Promise.all(
        servers.map(async (server) => {
          const res = await fetch(`${server.url}/api/shop?limit=1`);
          return ((await res.json()) as { meta: { total: number } }).meta.total;
        }),
      );
      expect(new Set(totals).size).toBe(1);
    } finally {
      await db.end();
    }
  });
});
