import { defineConfig } from 'vitest/config';
import { ACTION_TIMEOUT, HOOK_TIMEOUT, TEST_TIMEOUT } from './src/timeouts';

/**
 * End-to-end journeys: one server from the built dist for the whole run (src/global-setup.ts),
 * one Chromium per file. Two files at a time fits a 2-core machine next to the server. Every time
 * limit derives from E2E_TIME_FACTOR (src/timeouts.ts).
 *
 * Files share their worker's modules (isolate: false): playwright-core, axe and the helpers are
 * imported once per worker, not once per file (about 1.3 s of a core per file). What a file builds
 * (its browser connection, contexts, servers) lives in its own hooks, never in module state.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: TEST_TIMEOUT,
    hookTimeout: HOOK_TIMEOUT,
    teardownTimeout: HOOK_TIMEOUT,
    // expect.poll waits as long as a browser action may take (its own default is one second).
    expect: { poll: { timeout: ACTION_TIMEOUT } },
    reporters: ['default', './src/summary-reporter.ts'],
  },
});
