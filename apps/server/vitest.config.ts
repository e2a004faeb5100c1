import { defineConfig } from 'vitest/config';

/**
 * The server suite runs on the embedded database (PGlite) and, when TEST_DATABASE_URL is set,
 * once more on PostgreSQL. Each project's global setup builds one migrated template database;
 * every test file then gets its own copy (src/test/harness.ts).
 */
const projects = [
  {
    extends: true as const,
    test: { name: 'pglite', globalSetup: ['src/test/global-setup.pglite.ts'], env: { ATELIER_TEST_DB: 'pglite' } },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: {
      name: 'postgres',
      globalSetup: ['src/test/global-setup.postgres.ts'],
      env: { ATELIER_TEST_DB: 'postgres' },
    },
  });
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects,
  },
});
