/**
 * One server for every journey file: the built app on a free port with a fresh temp DATA_DIR,
 * seeded with the demo content and a known admin. Killed and removed when the run ends.
 */
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN, makeDataDir, removeDir, snapshotBuild, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** main.js of the build snapshot every server of this run starts from. */
    serverMain: string;
  }
}

export default async function setup(project: TestProject) {
  // E2E_BUILD_DIR: run against another build laid out like a snapshot (apps/server/dist, apps/web/dist).
  const given = process.env.E2E_BUILD_DIR;
  const buildDir = given ? null : makeDataDir('atelier-e2e-build-');
  const main = buildDir ? snapshotBuild(buildDir) : join(given as string, 'apps/server/dist/main.js');
  const dataDir = makeDataDir();
  const started = performance.now();
  const server = await startServer({
    main,
    dataDir,
    seedDemo: true,
    logLevel: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    env: {
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every journey of the run comes from 127.0.0.1 and registers its own customers, so the
      // per-address limits would count the whole suite as one visitor; the limits themselves are
      // covered by the API tests.
      RATE_LIMIT_AUTH_PER_IP: '100000',
      RATE_LIMIT_PAYMENT_PER_IP: '100000',
    },
  }).catch((error: unknown) => {
    removeDir(dataDir);
    if (buildDir) removeDir(buildDir);
    throw error;
  });
  console.log(`e2e: server ready at ${server.url} in ${Math.round(performance.now() - started)} ms (${dataDir})`);
  project.provide('baseUrl', server.url);
  project.provide('serverMain', main);
  return async () => {
    const code = await server.stop('SIGTERM');
    if (code !== 0) console.warn(`e2e: server exited with ${code}:\n${server.output().slice(-4000)}`);
    removeDir(dataDir);
    if (buildDir) removeDir(buildDir);
  };
}
