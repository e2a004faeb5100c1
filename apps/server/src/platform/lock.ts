/**
 * An exclusive lock on DATA_DIR for the embedded database: two processes on one PGlite data dir
 * silently corrupt it, so the second one must stop with a clear message.
 *
 * The lock is a file created with O_EXCL holding the owner's pid and host. A lock left by a process
 * that died (kill -9, power loss) is detected by its pid no longer running on this host and taken
 * over, so a crash never blocks the next start.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    readonly ownerHost: string,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Atelier process (pid ${ownerPid} on ${ownerHost}). ` +
        'The embedded database allows one process at a time: stop the other one, use another DATA_DIR, ' +
        'or set DATABASE_URL to run several instances on PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, '.lock');
  const me = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            const owner = JSON.parse(readFileSync(path, 'utf8')) as { pid: number };
            if (owner.pid === process.pid) unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: { pid?: number; host?: string } = {};
    try {
      owner = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      // A half-written lock file from a crash between create and write: treat as stale.
    }
    const ownerPid = typeof owner.pid === 'number' ? owner.pid : -1;
    const ownerHost = owner.host ?? me.host;
    if (ownerPid > 0 && (ownerHost !== me.host || (ownerPid !== process.pid && isRunning(ownerPid)))) {
      throw new DataDirLockedError(dataDir, ownerPid, ownerHost);
    }
    // Stale: its owner is gone. Remove and retry; if two processes race here only one wins O_EXCL.
    try {
      unlinkSync(path);
    } catch {
      // Someone else removed it first.
    }
  }
  throw new Error(`Could not lock ${dataDir}: the lock file keeps changing; is another process starting?`);
}
