/**
 * Process entry: read config, lock DATA_DIR (embedded mode), open the database, migrate, ensure the
 * admin and the legal documents, seed demo content into an empty database, listen, and shut down
 * gracefully.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createPgliteDataDir, openDatabase, pgliteDataDirIsNew } from './db/client';
import { nameDemoAdmin, type PreparedDemo, prepareDemo, seedDemo } from './demo/seed';
import { createLegalService } from './features/legal/legal.service';
import { createUsersRepo } from './features/users/users.repo';
import { createUsersService } from './features/users/users.service';
import { buildJobs } from './jobs';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './platform/lock';
import { createLogger, resolveLogFormat } from './platform/logging';
import { createPlatform } from './platform/platform';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Atelier cannot start. ${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }
  const log = await createLogger({
    level: config.logLevel,
    format: resolveLogFormat(config.logFormat, config.isProduction, Boolean(process.stdout.isTTY)),
  });
  mkdirSync(config.dataDir, { recursive: true });

  let lock: DataDirLock | undefined;
  if (config.database.kind === 'pglite') {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        log.fatal(error.message);
        process.exit(1);
      }
      throw error;
    }
    log.warn(
      { dataDir: config.database.dataDir },
      'embedded database (PGlite): single instance only; for production data and several instances set DATABASE_URL to PostgreSQL',
    );
  }

  const started = performance.now();
  const platform = createPlatform(config, log);
  // A first start creates the embedded database on a worker thread and draws the demo images
  // meanwhile (the two longest steps, each on its own core); seedDemo below writes the rows.
  let prepared: Promise<PreparedDemo> | undefined;
  const firstStart = config.database.kind === 'pglite' && pgliteDataDirIsNew(config.database.dataDir);
  if (firstStart && config.database.kind === 'pglite') {
    progress('First start: creating the database');
    const creating = createPgliteDataDir(config.database.dataDir);
    if (config.seedDemo) {
      progress('Drawing the demo images meanwhile');
      prepared = prepareDemo({ storage: platform.storage, images: platform.images, log, onImage: imageProgress });
      // Awaited by seedDemo; a failure surfaces there, not as an unhandled rejection now.
      prepared.catch(() => {});
    }
    try {
      await creating;
    } catch (error) {
      await prepared?.then((demo) => demo.discard()).catch(() => {});
      throw error;
    }
    progress('Database ready', true);
  }
  const database = await openDatabase(config.database);
  // Several instances may start at once on one empty PostgreSQL database: under the start-up lock
  // one migrates, creates the admin and seeds; the rest wait, then find it done and skip it.
  const admin = await database.withStartupLock(async () => {
    progress('Applying database migrations');
    await database.migrate();
    log.info({ kind: database.kind, ms: Math.round(performance.now() - started) }, 'database ready');
    const users = createUsersService({
      repo: createUsersRepo(database.db),
      db: database.db,
      passwordCost: config.passwordCost,
    });
    // The admin's password hash (scrypt, on the thread pool) is made while the content goes in.
    const [ensured, seededNow] = await Promise.all([
      users.ensureAdmin(config.admin.email, config.admin.password),
      (async () => {
        // Every shop, demo or not, needs the legal texts: consents point at their versions.
        const seededDocuments = await createLegalService({ db: database.db }).ensureSeeded();
        if (seededDocuments > 0) log.info({ documents: seededDocuments }, 'legal documents seeded (version 1)');
        if (config.seedDemo) {
          const seeded = await seedDemo(
            { db: database.db, storage: platform.storage, images: platform.images, log, onImage: imageProgress },
            prepared?.then((demo) => {
              progress('Writing the demo content');
              return demo;
            }),
          );
          if (seeded) log.info('demo content seeded');
          return seeded;
        }
        return false;
      })(),
    ]);
    // The admin may have been written after the demo's rows: it takes the artisan's name now.
    if (seededNow) await nameDemoAdmin(database.db);
    return ensured;
  });
  if (admin.tookOver) {
    log.warn(
      { email: admin.email },
      'ADMIN_EMAIL had an unverified account registered by someone: its password was replaced and its sessions ended before it was made admin',
    );
  }
  if (admin.passwordKept) {
    log.info(
      { email: admin.email },
      'ADMIN_PASSWORD does not open the existing admin account and was not applied: it only sets the password of a new admin, and one changed since (in the app, or by the reset command) stays. To recover the account: npm run admin:reset-password',
    );
  }
  if (admin.generatedPassword) {
    // Printed once, on the start that set it; it is not stored anywhere in clear.
    console.log(
      `\n  Admin account ${admin.created ? 'created' : 'secured'}\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  Keep it safe: it is shown only this once (change it in the app, or set it with npm run admin:reset-password).\n`,
    );
  }

  const app = await buildApp({ config, database, ...platform, loggerInstance: log });
  // All background work (mail, expiry, reminders, deliveries, receipts, parcels, transcodes,
  // backups): registered in jobs.ts, started after listen and stopped once below.
  const jobs = buildJobs({
    config,
    database,
    mailer: platform.mailer,
    storage: platform.storage,
    services: app.services,
    log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const { drainSeconds, timeoutSeconds } = config.shutdown;
    log.info({ signal, drainSeconds }, 'shutting down: finishing in-flight requests and uploads');
    const force = setTimeout(
      () => {
        log.error(`shutdown took longer than ${drainSeconds + timeoutSeconds} s; exiting`);
        process.exit(1);
      },
      (drainSeconds + timeoutSeconds) * 1000,
    );
    force.unref();
    // /api/ready turns 503 first; during SHUTDOWN_DRAIN_SECONDS requests are still served, so a load
    // balancer that polls it stops sending traffic before the listener closes. Then new connections
    // are refused while requests and uploads already in flight run to their end.
    app.startDraining();
    if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    try {
      await app.close();
      // Waits for the jobs in flight (a mail being sent, a backup being written); a transcode is
      // queued again.
      await jobs.stop();
      await platform.mailer.close();
      await database.close();
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
    } finally {
      lock?.release();
    }
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await jobs.start();
  const took = `${firstStart ? 'first start' : 'start'} took ${seconds(performance.now())} s`;
  console.log(`\n  Atelier is running at ${config.publicUrl}  (${took})\n${modeBanner(config, database.kind)}\n`);
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * One plain line on the console per start-up step, with the seconds since the process began, so a
 * long first start shows what it is doing.
 */
function progress(step: string, done = false): void {
  console.log(`  ${step}${done ? '' : '…'}  ${seconds(performance.now())} s`);
}

/** The demo images drawn so far, every tenth and the last. */
function imageProgress(done: number, total: number): void {
  if (done % 10 === 0 || done === total) progress(`Demo images ${done}/${total}`);
}

/** Says which mode this is, so nobody mistakes the demo for a shop that takes real money. */
function modeBanner(config: ReturnType<typeof loadConfig>, databaseKind: string): string {
  const p = config.payments;
  const cards = { test: 'sandbox (no money moves)', yookassa: 'YooKassa', none: 'not offered' }[p.provider];
  const paypal = { api: 'PayPal API', sandbox: 'sandbox (no money moves)', manual: 'invoice sent by hand' }[
    p.paypalMode
  ];
  const lines = config.isProduction
    ? ['  PRODUCTION mode', `    cards: ${cards}; PayPal: ${paypal}; database: ${databaseKind}`]
    : [
        '  DEMO mode (NODE_ENV is not production): not a real shop',
        `    database: ${databaseKind === 'pglite' ? 'embedded (PGlite)' : databaseKind}; cards: ${cards}; PayPal: ${paypal}`,
        config.mail.smtpUrl
          ? '    mail: sent through SMTP_URL'
          : `    mail: not sent — read it at ${config.publicUrl}/dev/mail (from this machine only)`,
        '    To take real orders see docs/operations/going-live.md (NODE_ENV=production).',
      ];
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error('Atelier failed to start:', error);
  process.exit(1);
});
