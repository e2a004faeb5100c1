/**
 * Nightly backups made by the running server (BACKUP_DIR, BACKUP_HOUR, BACKUP_KEEP): the server
 * owns the embedded database, so it is the one process that can copy it safely while the shop runs.
 *
 * A check every minute (the `backup.nightly` job, jobs.ts): once the local hour reaches BACKUP_HOUR and today's backup does not exist
 * yet, it is made into `.partial-<name>` and renamed to `atelier-YYYY-MM-DD` when complete, then
 * all but the newest BACKUP_KEEP complete backups are deleted. Today's backup is found on disk, so
 * a restart does not make a second one, and a server that was down at that hour makes it when it
 * is back. A failed attempt is logged and retried an hour later.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST } from './backup';

export interface NightlyOptions {
  dir: string;
  hour: number;
  keep: number;
  /** Writes a complete backup into the given (new) directory. */
  makeBackup(target: string): Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
}

const NAME = /^atelier-\d{4}-\d{2}-\d{2}$/;
const RETRY_MS = 60 * 60 * 1000;

function dayName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `atelier-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function createNightlyBackups(options: NightlyOptions) {
  const now = options.now ?? (() => new Date());
  let failedAt: number | undefined;

  async function rotate(): Promise<string[]> {
    const complete = (await readdir(options.dir))
      .filter((name) => NAME.test(name) && existsSync(join(options.dir, name, MANIFEST)))
      .sort()
      .reverse();
    const old = complete.slice(options.keep);
    for (const name of old) await rm(join(options.dir, name), { recursive: true, force: true });
    return old;
  }

  /** Makes today's backup if it is due; says what it did. */
  async function tick(): Promise<'made' | 'not due' | 'exists' | 'failed'> {
    const at = now();
    if (at.getHours() < options.hour) return 'not due';
    const name = dayName(at);
    const final = join(options.dir, name);
    if (existsSync(join(final, MANIFEST))) return 'exists';
    if (failedAt !== undefined && at.getTime() - failedAt < RETRY_MS) return 'failed';
    const partial = join(options.dir, `.partial-${name}`);
    try {
      await mkdir(options.dir, { recursive: true });
      await rm(partial, { recursive: true, force: true });
      const started = Date.now();
      await options.makeBackup(partial);
      await rm(final, { recursive: true, force: true });
      await rename(partial, final);
      const removed = await rotate();
      failedAt = undefined;
      options.log.info({ backup: final, ms: Date.now() - started, removed }, 'nightly backup made');
      return 'made';
    } catch (error) {
      failedAt = at.getTime();
      await rm(partial, { recursive: true, force: true }).catch(() => {});
      options.log.error({ err: error, backup: final }, 'nightly backup failed; retrying in an hour');
      return 'failed';
    }
  }

  // The jobs runtime runs one check at a time and its stop() waits for a backup in progress, so
  // shutdown never cuts one short.
  return { tick };
}
