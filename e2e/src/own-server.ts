import { afterAll, beforeAll, inject } from 'vitest';
import { makeDataDir, removeDir, type ServerProcess, startServer } from './server';

/**
 * A server of the journey file's own, for journeys that need another configuration or lists that
 * hold only their own orders: the build of this run on a fresh DATA_DIR with the demo content and
 * the given admin, started before the file's tests and stopped after them. Returns its base URL.
 */
export function useOwnServer(options: {
  prefix: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): () => string {
  let server: ServerProcess | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = makeDataDir(options.prefix);
    // Seeding the demo content (images resized) competes with the other journey files for the CPU.
    server = await startServer(
      {
        main: inject('serverMain'),
        dataDir,
        seedDemo: true,
        logLevel: 'warn',
        env: { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password, ...options.env },
      },
      280_000,
    );
  }, 300_000);
  afterAll(async () => {
    await server?.stop('SIGTERM');
    if (dataDir) removeDir(dataDir);
  });
  return () => {
    if (!server) throw new Error('the server of this file has not started');
    return server.url;
  };
}
