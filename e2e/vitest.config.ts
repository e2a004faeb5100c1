import { defineConfig } from 'vitest/config';

/**
 * End-to-end journeys: one server from the built dist for the whole run (src/global-setup.ts),
 * one Chromium per file. Two files at a time fits a 2-core machine next to the server.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default', './src/summary-reporter.ts'],
  },
});
