/**
 * The real entry point refuses production mode without its settings, or with unsafe ones: exit
 * code 1 and one message naming each problem, before it touches a database or a port. With them it
 * starts, creates the admin and seeds no demo content (SEED_DEMO is off in production by default).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { products, users } from './db/schema';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
/** tsx as a loader of this very process (no wrapper process), so a signal reaches main.ts's handlers. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

describe('main.ts start-up', () => {
  it('NODE_ENV=production without SMTP_URL, a card decision or MEDIA_URL_SECRET exits ≠ 0 naming each', () => {
    // A fresh working directory: main.ts reads .env from where it starts.
    const cwd = mkdtempSync(join(tmpdir(), 'atelier-main-'));
    try {
      const run = spawnSync(process.execPath, [tsxCli, join(serverRoot, 'src/main.ts')], {
        cwd,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', DATA_DIR: cwd },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.status).not.toBeNull();
      const output = run.stderr;
      expect(output).toContain('Atelier cannot start');
      for (const name of ['SMTP_URL', 'PAYMENT_PROVIDER', 'MEDIA_URL_SECRET']) expect(output).toContain(name);
      // One message: the list comes in a single block, not one failure per start.
      expect(output.match(/Atelier cannot start/g)).toHaveLength(1);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('NODE_ENV=production with unsafe values names each setting in one message, with what is wrong', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'atelier-main-'));
    try {
      const run = spawnSync(process.execPath, [tsxCli, join(serverRoot, 'src/main.ts')], {
        cwd,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          DATA_DIR: cwd,
          PUBLIC_URL: 'http://shop.example.com',
          SMTP_URL: 'smtp://mail.example.com:587',
          PAYMENT_PROVIDER: 'yookassa',
          YOOKASSA_SHOP_ID: '123',
          YOOKASSA_SECRET_KEY: 'live_key',
          YOOKASSA_API_URL: 'http://api.yookassa.ru/v3',
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'Password2024!',
          MEDIA_URL_SECRET: 'a'.repeat(32),
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.split('\n').map((line) => line.trim());
      for (const [name, what] of [
        ['PUBLIC_URL', 'must be https:// in production'],
        ['YOOKASSA_API_URL', 'must be https:// in production'],
        ['ADMIN_PASSWORD', 'common password'],
        ['MEDIA_URL_SECRET', 'one character repeated'],
      ]) {
        expect(
          lines.some((line) => line.startsWith(`- ${name}: `) && line.includes(what!)),
          name,
        ).toBe(true);
      }
      expect(run.stderr).not.toContain('SMTP_URL');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('a production start with SEED_DEMO unset creates the admin from ADMIN_PASSWORD and seeds no demo content', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'atelier-main-'));
    try {
      const child = spawn(process.execPath, ['--import', tsxLoader, join(serverRoot, 'src/main.ts')], {
        cwd,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          DATA_DIR: cwd,
          PORT: '0',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: 'https://shop.example.com',
          SMTP_URL: 'smtp://127.0.0.1:9',
          PAYMENT_PROVIDER: 'none',
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'Silk-peony-garden-42',
          MEDIA_URL_SECRET: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        },
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      const running = await new Promise<boolean>((resolve) => {
        const read = (chunk: Buffer) => {
          output += String(chunk);
          if (output.includes('Atelier is running')) resolve(true);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('close', () => resolve(false));
      });
      expect(running, output).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('PRODUCTION mode');
      expect(output).not.toContain('demo');
      const database = await openDatabase({ kind: 'pglite', dataDir: join(cwd, 'db') });
      try {
        expect(await database.db.select().from(products)).toEqual([]);
        const accounts = await database.db.select({ email: users.email, role: users.role }).from(users);
        expect(accounts).toEqual([{ email: 'owner@example.com', role: 'admin' }]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 120_000);
});
