import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkPrerequisites } from './prerequisites.mjs';

/** A directory holding runnable stand-ins named `names`. */
function binDir(names) {
  const dir = mkdtempSync(join(tmpdir(), 'prereq-'));
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

test('nothing missing: no line, and the PostgreSQL half is only a note', () => {
  const dir = binDir(['ffmpeg', 'ffprobe', 'chromium']);
  const result = checkPrerequisites({ PATH: dir, CHROMIUM_PATH: join(dir, 'chromium') });
  assert.deepEqual(result.missing, []);
  assert.match(result.notes.join('\n'), /PostgreSQL half of the server suite is skipped/);
  assert.deepEqual(
    checkPrerequisites({ PATH: dir, CHROMIUM_PATH: join(dir, 'chromium'), TEST_DATABASE_URL: 'postgres://x' }).notes,
    [],
  );
});

test('each missing piece is one line with the Debian and macOS commands', () => {
  const dir = binDir(['ffmpeg']);
  const { missing } = checkPrerequisites({ PATH: dir, CHROMIUM_PATH: join(dir, 'no-chromium') });
  assert.equal(missing.length, 2);
  assert.match(
    missing[0],
    /^Chromium not found at .*no-chromium.*apt-get install chromium.*brew install --cask chromium/,
  );
  assert.match(missing[1], /^ffprobe not found on PATH.*apt-get install ffmpeg.*brew install ffmpeg/);
});

test('the journeys alone need only Chromium', () => {
  const dir = binDir(['chromium']);
  assert.deepEqual(checkPrerequisites({ PATH: '', CHROMIUM_PATH: join(dir, 'chromium') }, 'e2e').missing, []);
  assert.equal(checkPrerequisites({ PATH: '', CHROMIUM_PATH: '/nowhere/chromium' }, 'e2e').missing.length, 1);
});
