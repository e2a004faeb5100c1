/**
 * Nightly backups by the running server: due once the local hour reaches BACKUP_HOUR, once a day,
 * only the newest BACKUP_KEEP kept, a failed attempt leaving nothing and retried an hour later.
 * The clock is injected; the backups themselves are real (createBackup on a real database).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createTestDatabase } from '../../test/harness';
import { createJobRuntime } from '../jobs/runtime';
import { createLocalStorage } from '../storage/local-storage';
import { createBackup, MANIFEST, readManifest } from './backup';
import { createNightlyBackups } from './nightly';

let database: Database;
let drop: () => Promise<void>;
const root = mkdtempSync(join(tmpdir(), 'atelier-nightly-'));
const storage = createLocalStorage({ root: join(root, 'files') });
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await database.db.insert(users).values({ email: 'anna@example.com', name: 'Anna' });
  await storage.put('public', 'products/a.webp', Buffer.from('a'), 'image/webp');
});
afterAll(async () => {
  await drop();
  rmSync(root, { recursive: true, force: true });
});

const log = { info: vi.fn(), error: vi.fn() };
const realBackup = (target: string) =>
  createBackup({ database, storage, storageDriver: 'disk', dir: target, pgDump: false }).then(() => undefined);

function scheduler(dir: string, clock: { now: Date }, makeBackup = realBackup, keep = 7) {
  return createNightlyBackups({ dir, hour: 3, keep, log, makeBackup, now: () => clock.now });
}

const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute);

describe('nightly backups (BACKUP_DIR, BACKUP_HOUR=3, BACKUP_KEEP)', () => {
  it('is not due before the hour, makes one backup per day from the hour on, and survives a restart', async () => {
    const dir = join(root, 'once');
    const clock = { now: at(1, 2, 59) };
    const nightly = scheduler(dir, clock);
    expect(await nightly.tick()).toBe('not due');
    expect(existsSync(dir)).toBe(false);
    clock.now = at(1, 3, 0);
    expect(await nightly.tick()).toBe('made');
    clock.now = at(1, 23, 59);
    expect(await nightly.tick()).toBe('exists');
    // A restarted server finds today's backup on disk.
    expect(await scheduler(dir, clock).tick()).toBe('exists');
    expect(readdirSync(dir)).toEqual(['atelier-2026-01-01']);
    const manifest = await readManifest(join(dir, 'atelier-2026-01-01'));
    expect(manifest.database.tables.find((t) => t.name === 'users')?.rows).toBe(1);
    expect(manifest.files.count).toBe(1);
  });

  it('keeps the newest BACKUP_KEEP backups when days go by', async () => {
    const dir = join(root, 'rotation');
    const clock = { now: at(1, 3, 5) };
    const nightly = scheduler(dir, clock, realBackup, 3);
    for (let day = 1; day <= 5; day++) {
      clock.now = at(day, 3, 5);
      expect(await nightly.tick()).toBe('made');
    }
    expect(readdirSync(dir).sort()).toEqual(['atelier-2026-01-03', 'atelier-2026-01-04', 'atelier-2026-01-05']);
    for (const name of readdirSync(dir)) expect(existsSync(join(dir, name, MANIFEST))).toBe(true);
  });

  it('a failed backup leaves no partial directory, removes no old backup, and is retried an hour later', async () => {
    const dir = join(root, 'failing');
    const clock = { now: at(1, 3) };
    let fail = false;
    const nightly = scheduler(
      dir,
      clock,
      async (target) => {
        await realBackup(target);
        if (fail) throw new Error('disk full');
      },
      1,
    );
    expect(await nightly.tick()).toBe('made');
    fail = true;
    clock.now = at(2, 3);
    expect(await nightly.tick()).toBe('failed');
    expect(readdirSync(dir)).toEqual(['atelier-2026-01-01']);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.any(String));
    fail = false;
    clock.now = at(2, 3, 59);
    expect(await nightly.tick()).toBe('failed');
    clock.now = at(2, 4, 0);
    expect(await nightly.tick()).toBe('made');
    expect(readdirSync(dir)).toEqual(['atelier-2026-01-02']);
  });

  it('as a job of the started runtime it checks on its own schedule; stop() waits for a backup in progress', async () => {
    const dir = join(root, 'timer');
    const nightly = createNightlyBackups({
      dir,
      hour: 0,
      keep: 2,
      log,
      makeBackup: realBackup,
    });
    const runtime = createJobRuntime({
      db: database.db,
      log: { ...log, warn: vi.fn() },
      singleProcess: database.kind === 'pglite',
    });
    runtime.recurring({ name: 'test.backup.nightly', everyMs: 20, handler: () => nightly.tick() });
    await runtime.start();
    await vi.waitFor(() => expect(readdirSync(dir).filter((n) => n.startsWith('atelier-'))).toHaveLength(1), {
      timeout: 20_000,
      interval: 50,
    });
    await runtime.stop();
    expect(readdirSync(dir).some((n) => n.startsWith('.partial-'))).toBe(false);
  });
});
