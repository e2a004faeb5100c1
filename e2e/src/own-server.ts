import { afterAll, beforeAll, inject } from 'vitest';
import { copyDataDir, removeDir, type ServerProcess, startServer } from './server';

/**
 * A server of the journey file's own, for journeys that need another configuration or lists that
 * hold only their own orders: the build of this run on a copy of the run's seeded DATA_DIR (the
 * demo content, the run's admin) with the given admin added, started before the file's tests and
 * stopped after them. Returns its base URL.
 */
export function useOwnServer(options: {
  prefix: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): () => string {
  let server: ServerProcess | undefined;
  let dataDir = '';
  beforeAll(async () => {
    // A copy of the run's seeded DATA_DIR: the demo content is there, only this admin is added.
    dataDir = copyDataDir(inject('seededDataDir'), options.prefix);
    server = await startServer({
      main: inject('serverMain'),
      dataDir,
      seedDemo: true,
      logLevel: 'warn',
      env: { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password, ...options.env },
    });
  });
  afterAll(async () => {
    await server?.stop('SIGTERM');
    if (dataDir) removeDir(dataDir);
  });
  return () => {
    if (!server) throw new Error('the server of this file has not started');
    return server.url;
  };
}
