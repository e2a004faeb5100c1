import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The server suite runs on the embedded database (PGlite) and, when TEST_DATABASE_URL is set,
 * once more on PostgreSQL. Each project's global setup builds one migrated template database;
 * every test file then gets its own copy (src/test/harness.ts).
 *
 * The PostgreSQL project runs the files whose database is the project's: those that build their
 * context with the harness or read ATELIER_TEST_DB. Every other file (pure rules, HTTP plumbing,
 * storage, a PGlite of its own) would run the very same code twice, so it runs once, in the
 * PGlite project.
 *
 * Test files share their worker's module graph (isolate: false): the app's modules are imported
 * once per worker instead of once per file, which was most of the suite's time. A file therefore
 * leaves no global behind: timers, spies and mocks are restored in its own hooks, and everything
 * else it builds (app, database, DATA_DIR) comes from the harness and is closed in afterAll.
 */
const ALL_FILES = ['src/**/*.test.ts'];

function filesOnTheProjectDatabase(): string[] {
  const root = fileURLToPath(new URL('./src', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => /test\/harness'|ATELIER_TEST_DB/.test(readFileSync(join(root, file), 'utf8')))
    .map((file) => `src/${file.split('\\').join('/')}`)
    .sort();
}

const projects = [
  {
    extends: true as const,
    test: {
      name: 'pglite',
      include: ALL_FILES,
      globalSetup: ['src/test/global-setup.pglite.ts'],
      env: { ATELIER_TEST_DB: 'pglite' },
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: {
      name: 'postgres',
      include: filesOnTheProjectDatabase(),
      globalSetup: ['src/test/global-setup.postgres.ts'],
      env: { ATELIER_TEST_DB: 'postgres' },
    },
  });
}

export default defineConfig({
  test: {
    pool: 'forks',
    isolate: false,
    // Vitest's default is one worker fewer than the CPUs: a single worker on a 2-core machine.
    maxWorkers: 2,
    // Limits catch a hang, never a slow machine: the slowest test takes ~55 s on a 2-core machine
    // three times as busy as CI's, the slowest setup ~40 s. No test races these.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    projects,
  },
});
