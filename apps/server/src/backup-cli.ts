/**
 * `npm run backup -- DIR [--logical]` and `npm run restore -- DIR [--force]`: the same environment
 * as `npm start` (.env, then config.ts), both database modes, database and files.
 *
 * Embedded mode: the command takes the DATA_DIR lock itself, so it never copies a database a
 * server is writing, and no server can start while it works. When a server holds the lock the
 * command stops and says so (docs/decisions/0027-backups.md): the running server makes its own
 * nightly backups (BACKUP_DIR). PostgreSQL: a backup runs beside live servers (one consistent
 * snapshot); a restore refuses while other clients are connected to the database.
 *
 * Exit codes: 0 done, 2 refused (nothing changed), 1 failed.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { BackupError, createBackup, restoreBackup } from './platform/backup/backup';
import { pgToolsAvailable } from './platform/backup/database-dump';
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from './platform/lock';
import { createStorage } from './platform/platform';

const USAGE = 'Usage: npm run backup -- DIR [--logical]\n       npm run restore -- DIR [--force]';

class Refused extends Error {}

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const [dirArg, ...extra] = rest.filter((a) => !a.startsWith('--'));
  const known = command === 'backup' ? ['--logical'] : ['--force'];
  const unknown = [...flags].filter((f) => !known.includes(f));
  if ((command !== 'backup' && command !== 'restore') || !dirArg || extra.length > 0 || unknown.length > 0) {
    throw new Refused(USAGE);
  }
  const dir = resolve(dirArg);

  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);

  let lock: DataDirLock | undefined;
  if (config.database.kind === 'pglite') {
    if (command === 'backup' && !dbExists(config.database.dataDir)) {
      throw new Refused(`There is no embedded database at ${config.database.dataDir} (DATA_DIR): nothing to back up.`);
    }
    mkdirSync(config.dataDir, { recursive: true });
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new Refused(
        command === 'backup'
          ? `A running Atelier (pid ${error.ownerPid} on ${error.ownerHost}) holds DATA_DIR ${config.dataDir}; ` +
              'the embedded database cannot be copied while it runs. Stop the server and run the backup again, ' +
              'or let the server make its own nightly backups (set BACKUP_DIR; see docs/operations/backups.md).'
          : `Refusing to restore: a running Atelier (pid ${error.ownerPid} on ${error.ownerHost}) holds DATA_DIR ` +
              `${config.dataDir}. Stop it first; nothing was changed.`,
      );
    }
  }

  let database: Database | undefined;
  try {
    database = await openDatabase(
      config.database.kind === 'postgres'
        ? // One connection: the restore's "other clients" check must not see our own pool.
          { kind: 'postgres', url: config.database.url, poolSize: 1 }
        : { kind: 'pglite', dataDir: config.database.dataDir },
    );
    const storage = createStorage(config);
    const storageDriver = config.s3 ? 's3' : 'disk';
    if (command === 'backup') {
      const pgDump = config.database.kind === 'postgres' && !flags.has('--logical') && (await pgToolsAvailable());
      const manifest = await createBackup({ database, storage, storageDriver, dir, pgDump });
      const rows = manifest.database.tables.reduce((sum, t) => sum + t.rows, 0);
      return (
        `Backup written to ${dir}\n  database: ${manifest.database.kind}, ${manifest.database.format}, ` +
        `${manifest.database.tables.length} tables, ${rows} rows\n  files: ${manifest.files.count} ` +
        `(${manifest.files.bytes} bytes) from ${storageDriver}`
      );
    }
    const result = await restoreBackup({ database, storage, dir, force: flags.has('--force') });
    const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
    return (
      `Restored ${dir} (made ${result.manifest.createdAt})\n  database: ${rows} rows in ${result.tables.length} tables ` +
      `checked against the manifest\n  files: ${result.files}\nStart the shop as usual; it applies any newer migrations.`
    );
  } finally {
    await database?.close();
    lock?.release();
  }
}

function dbExists(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

run(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof Refused || error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error('Backup/restore failed:', error);
    process.exit(1);
  },
);
