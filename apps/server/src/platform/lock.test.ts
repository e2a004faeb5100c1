import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const dir = () => mkdtempSync(join(tmpdir(), 'atelier-lock-'));

describe('DATA_DIR lock', () => {
  it('writes our pid and removes the file on release', () => {
    const d = dir();
    const lock = acquireDataDirLock(d);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses a second owner while the first process is alive', () => {
    const d = dir();
    // A live process that is not us: our parent (the test runner's parent) is running.
    writeFileSync(join(d, '.lock'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => acquireDataDirLock(d)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(d)).toThrow(/in use by another Atelier process/);
  });

  it('takes over a lock left by a process that died (kill -9)', () => {
    const d = dir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(dead.stdout.toString());
    writeFileSync(join(d, '.lock'), JSON.stringify({ pid: deadPid, host: hostname() }));
    const lock = acquireDataDirLock(d);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a half-written lock file', () => {
    const d = dir();
    writeFileSync(join(d, '.lock'), '');
    const lock = acquireDataDirLock(d);
    expect(existsSync(lock.path)).toBe(true);
    lock.release();
  });
});
