/**
 * One server for every journey file: the built app on a free port on a copy of a DATA_DIR seeded
 * once with the demo content and a known admin, and one Chromium the files connect to. Stopped
 * and removed when the run ends.
 */
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium';
import {
  copyDataDir,
  E2E_ADMIN,
  makeDataDir,
  removeDir,
  type ServerProcess,
  snapshotBuild,
  startServer,
} from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** main.js of the build snapshot every server of this run starts from. */
    serverMain: string;
    /** The DATA_DIR of a stopped server with the demo content: copy it (copyDataDir), never use it. */
    seededDataDir: string;
    /** The run's Chromium, for chromium.connect (see useBrowser). */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  // E2E_BUILD_DIR: run against another build laid out like a snapshot (apps/server/dist, apps/web/dist).
  const given = process.env.E2E_BUILD_DIR;
  const buildDir = given ? null : makeDataDir('atelier-e2e-build-');
  const main = buildDir ? snapshotBuild(buildDir) : join(given as string, 'apps/server/dist/main.js');
  const logLevel = process.env.E2E_SERVER_LOG_LEVEL ?? 'warn';
  const env = {
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Every journey of the run comes from 127.0.0.1 and registers its own customers, so the
    // per-address limits would count the whole suite as one visitor; the limits themselves are
    // covered by the API tests.
    RATE_LIMIT_AUTH_PER_IP: '100000',
    RATE_LIMIT_PAYMENT_PER_IP: '100000',
    RATE_LIMIT_UPLOADS_PER_IP: '100000',
    SIGNUPS_PER_IP_PER_DAY: '100000',
    // Journeys place large orders for their own customers; the unpaid-hold caps have API tests.
    UNPAID_HOLD_UNITS_PER_PRODUCT: '100000',
    UNPAID_HOLD_MAX_RUB: '100000000',
  };
  const seeded = makeDataDir('atelier-e2e-seeded-');
  let dataDir = '';
  const cleanUp = () => {
    removeDir(seeded);
    if (dataDir) removeDir(dataDir);
    if (buildDir) removeDir(buildDir);
  };
  const started = performance.now();
  let server: ServerProcess;
  let browser: BrowserServer | undefined;
  try {
    browser = await launchChromiumServer();
    // The demo content is seeded once, by a server that then stops; the run's server and every
    // journey's own server start on a copy of that DATA_DIR.
    const seeding = await startServer({ main, dataDir: seeded, seedDemo: true, logLevel, env });
    const code = await seeding.stop('SIGTERM');
    if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${seeding.output().slice(-4000)}`);
    dataDir = copyDataDir(seeded);
    server = await startServer({ main, dataDir, seedDemo: true, logLevel, env });
  } catch (error) {
    await browser?.close();
    cleanUp();
    throw error;
  }
  console.log(`e2e: server ready at ${server.url} in ${Math.round(performance.now() - started)} ms (${dataDir})`);
  project.provide('baseUrl', server.url);
  project.provide('serverMain', main);
  project.provide('seededDataDir', seeded);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser?.close();
    const code = await server.stop('SIGTERM');
    if (code !== 0) console.warn(`e2e: server exited with ${code}:\n${server.output().slice(-4000)}`);
    cleanUp();
  };
}
