/**
 * The real entry point refuses production mode without its settings: exit code 1 and one message
 * naming each problem, before it touches a database or a port.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

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
});
