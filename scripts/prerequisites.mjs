#!/usr/bin/env node
// What `npm test` (and `npm run test:e2e`) needs besides Node and npm, checked in its first second:
// Debian's Chromium (the journeys never download a browser) and ffmpeg with ffprobe (the server's
// HLS tests make their fixture video with them). Each missing piece gets one line with the command
// that installs it on Debian/Ubuntu and on macOS, and the run stops before any stage. PostgreSQL is
// optional: without TEST_DATABASE_URL the server suite's PostgreSQL half is skipped, and this says so.
//
//   node scripts/prerequisites.mjs        check for `npm test` (exit 1 when something is missing)
//   node scripts/prerequisites.mjs e2e    the same for the journeys alone
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether `path` is a file this process may run. */
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first `name` on `pathVariable` that can be run, or null. */
function onPath(name, pathVariable) {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * What is missing of the prerequisites in `env`, one line each (empty when nothing is), and notes
 * that are not errors. `stage` 'e2e' needs only Chromium.
 */
export function checkPrerequisites(env = process.env, stage = 'all') {
  const missing = [];
  const notes = [];
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!executable(chromium)) {
    missing.push(
      `Chromium not found at ${chromium} (the journeys use the system browser; set CHROMIUM_PATH for another place). ` +
        'Debian/Ubuntu: sudo apt-get install chromium · macOS: brew install --cask chromium, then CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium',
    );
  }
  if (stage !== 'e2e') {
    for (const tool of ['ffmpeg', 'ffprobe']) {
      if (!onPath(tool, env.PATH)) {
        missing.push(
          `${tool} not found on PATH (the server's lesson-video tests use it). ` +
            'Debian/Ubuntu: sudo apt-get install ffmpeg · macOS: brew install ffmpeg',
        );
      }
    }
    if (!env.TEST_DATABASE_URL) {
      notes.push('TEST_DATABASE_URL is not set: the PostgreSQL half of the server suite is skipped (PGlite runs).');
    }
  }
  return { missing, notes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { missing, notes } = checkPrerequisites(process.env, process.argv[2] === 'e2e' ? 'e2e' : 'all');
  for (const note of notes) console.log(`prerequisites: ${note}`);
  if (missing.length > 0) {
    for (const line of missing) console.error(`prerequisites: ${line}`);
    console.error('prerequisites: missing, so no stage was run.');
    process.exit(1);
  }
}
