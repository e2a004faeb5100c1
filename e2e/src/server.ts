/**
 * Starts the built server (apps/server/dist/main.js) as a child process on a free loopback port with
 * its own DATA_DIR, the way `npm start` runs it, and waits for GET /api/health to answer 200.
 * Used by the e2e global setup, the lifecycle journeys, the screenshot script and the bench.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_START_TIMEOUT } from './timeouts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');
export const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' } as const;

/** Variables of the developer's shell that would point the server somewhere else than its temp dir. */
const SCRUBBED = [
  'DATABASE_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'PAYMENT_PROVIDER',
  'PAYPAL_MODE',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'CDEK_CLIENT_ID',
  'CDEK_CLIENT_SECRET',
  'CDEK_API_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
  'TRUST_PROXY',
  'NODE_OPTIONS',
  'VITEST',
  'VITEST_MODE',
  'VITEST_POOL_ID',
  'VITEST_WORKER_ID',
  'TEST',
];

export const WEB_RENDERER = join(REPO_ROOT, 'apps/web/dist-ssr/entry-server.js');

export function assertBuilt(): void {
  for (const file of [SERVER_MAIN, WEB_INDEX, WEB_RENDERER]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
}

/**
 * Copies the built server and web app (with its server renderer) into `dir` (with node_modules linked back to the repo) and
 * returns the copy's main.js. Journeys then run against one fixed build even if someone runs
 * `npm run build` meanwhile (the build deletes dist/, and new asset hashes would 404 mid-run).
 */
export function snapshotBuild(dir: string): string {
  assertBuilt();
  cpSync(join(REPO_ROOT, 'apps/server/dist'), join(dir, 'apps/server/dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'apps/web/dist'), join(dir, 'apps/web/dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'apps/web/dist-ssr'), join(dir, 'apps/web/dist-ssr'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return join(dir, 'apps/server/dist/main.js');
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export function makeDataDir(prefix = 'atelier-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A new DATA_DIR holding a copy of `from`, the DATA_DIR of a server that has stopped (database,
 * files, outbox): a server started on it finds the demo content already there, as after a restore,
 * instead of seeding it again (seconds of image work per start on a busy machine).
 */
export function copyDataDir(from: string, prefix = 'atelier-e2e-'): string {
  const dir = makeDataDir(prefix);
  cpSync(from, dir, { recursive: true });
  return dir;
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Milliseconds from spawn to the first 200 of /api/health (set by waitReady). */
  readyMs?: number;
  /** Sends SIGTERM (or the given signal) and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string>;
}

export interface StartOptions {
  dataDir: string;
  /** The server bundle to run (default: the repo's apps/server/dist/main.js). */
  main?: string;
  port?: number;
  seedDemo?: boolean;
  /**
   * Exactly as `npm start` (NODE_ENV=development, passwords hashed at OWASP's cost): for the bench.
   * The journeys' default differs only in the cost of new password hashes (decision 0081).
   */
  asNpmStart?: boolean;
  /** Extra environment; `undefined` values remove a variable. */
  env?: Record<string, string | undefined>;
  logLevel?: string;
}

/** Spawns the server; does not wait for it (see waitReady / startServer). */
export async function spawnServer(options: StartOptions): Promise<ServerProcess> {
  if (!options.main) assertBuilt();
  const port = options.port ?? (await freePort());
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of SCRUBBED) delete env[key];
  Object.assign(env, {
    // As `npm start` in every way but one: new password hashes use the test cost of scrypt instead
    // of OWASP's (128 MiB, ~0.4 s of a core each). The journeys register and sign in hundreds of
    // times; the real cost is measured by the bench and held by the unit tests (decision 0081).
    NODE_ENV: options.asNpmStart ? 'development' : 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    LOG_LEVEL: options.logLevel ?? 'info',
    // The journeys play the MP4 (as on a machine without ffmpeg); the HLS journey turns it on.
    HLS: 'off',
    ...options.env,
  });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];

  // cwd = the data dir, so a developer's .env in the repo root (main.ts loads ./.env) is not read.
  const child = spawn(process.execPath, [options.main ?? SERVER_MAIN], {
    cwd: options.dataDir,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit(code ?? signal ?? -1));
  });
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: options.dataDir,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };
  return server;
}

/** Polls /api/health until 200; fails early, with the server's output, if the process exits. */
export async function waitReady(server: ServerProcess, timeoutMs = SERVER_START_TIMEOUT): Promise<number> {
  const started = performance.now();
  let exitedWith: number | string | undefined;
  void server.exited.then((code) => {
    exitedWith = code;
  });
  while (performance.now() - started < timeoutMs) {
    if (exitedWith !== undefined) {
      throw new Error(`server exited (${exitedWith}) before it was ready:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) {
        const ms = performance.now() - started;
        server.readyMs = ms;
        return ms;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

export async function startServer(options: StartOptions, timeoutMs = SERVER_START_TIMEOUT): Promise<ServerProcess> {
  const spawnedAt = performance.now();
  const server = await spawnServer(options);
  try {
    await waitReady(server, timeoutMs);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  server.readyMs = performance.now() - spawnedAt;
  return server;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
