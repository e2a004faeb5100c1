/**
 * Backup and restore of a whole shop: database and files, into / from one directory:
 *
 *   <dir>/manifest.json       written last: a directory without it is an unfinished backup
 *   <dir>/database/...        <table>.jsonl per table (logical) or database.pgdump (pg_dump)
 *   <dir>/files/<public|private>/<key>
 *
 * The manifest records the mode, the time, every table's row count and every file's size and
 * sha256, so a restore first checks that the backup is complete and intact (before touching the
 * target), and afterwards that the database holds as many rows as were dumped.
 *
 * These functions take an open Database and a Storage; who may open them (the DATA_DIR lock of the
 * embedded mode) is the caller's business: the CLI, or the running server for nightly backups.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Storage } from '../storage/storage';
import {
  type DatabaseManifest,
  databaseIsEmpty,
  dumpLogical,
  dumpWithPgDump,
  loadLogical,
  loadPgDump,
  tableCounts,
  verifyDumpFiles,
  wipeDatabase,
} from './database-dump';
import { backupFiles, type FilesManifest, restoreFiles, storageIsEmpty, verifyFiles, wipeStorage } from './files';

export const MANIFEST = 'manifest.json';
const FORMAT = 'atelier-backup';
const VERSION = 1;

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: DatabaseManifest & { kind: 'pglite' | 'postgres' };
  storage: { driver: 'disk' | 's3' };
  files: FilesManifest;
}

/** A refusal or an unusable backup: the message says what to do; nothing was changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupOptions {
  database: Database;
  storage: Storage;
  storageDriver: 'disk' | 's3';
  dir: string;
  /** Use pg_dump on PostgreSQL (when installed); false = always our own logical dump. */
  pgDump: boolean;
  now?: () => Date;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { database, dir } = options;
  if (!(await isEmptyDir(dir))) {
    throw new BackupError(`${dir} is not empty: give a new or empty directory for the backup.`);
  }
  const createdAt = (options.now ?? (() => new Date()))().toISOString();
  const dbDir = join(dir, 'database');
  await mkdir(dbDir, { recursive: true });
  const dumped =
    database.kind === 'postgres' && options.pgDump && database.url
      ? await dumpWithPgDump(database, database.url, dbDir)
      : await dumpLogical(database, dbDir);
  // Files after the database: every file a dumped row refers to already exists (unless deleted
  // meanwhile); a file uploaded meanwhile is merely extra.
  const files = await backupFiles(options.storage, dir);
  const manifest: BackupManifest = {
    format: FORMAT,
    version: VERSION,
    createdAt,
    database: { kind: database.kind, ...dumped },
    storage: { driver: options.storageDriver },
    files,
  };
  const temp = join(dir, `.${MANIFEST}.tmp`);
  await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temp, join(dir, MANIFEST));
  return manifest;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(
      `${dir} holds no ${MANIFEST}: it is not a backup, or the backup did not finish. Nothing was restored.`,
    );
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== FORMAT || typeof manifest.version !== 'number') {
    throw new BackupError(`${join(dir, MANIFEST)} is not an Atelier backup manifest.`);
  }
  if (manifest.version > VERSION) {
    throw new BackupError(
      `The backup uses format ${manifest.version}; this Atelier reads up to ${VERSION}. Update first.`,
    );
  }
  return manifest;
}

/** Every problem that makes the backup unusable: missing or altered database files and files. */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<string[]> {
  return [
    ...(await verifyDumpFiles(join(dir, 'database'), manifest.database)),
    ...(await verifyFiles(dir, manifest.files)),
  ];
}

/**
 * Other client connections to the PostgreSQL database (a running shop, a psql session): restoring
 * under them would mix their writes with the restored data, so the restore refuses.
 */
export async function otherClients(database: Database): Promise<string[]> {
  const result = (await database.db.execute(
    sql.raw(`select coalesce(nullif(application_name, ''), 'unnamed client') as name,
                    coalesce(host(client_addr), 'local socket') as addr, pid
               from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`),
  )) as { rows: { name: string; addr: string; pid: number }[] };
  return result.rows.map((r) => `${r.name} (pid ${r.pid}, from ${r.addr})`);
}

export interface RestoreOptions {
  database: Database;
  storage: Storage;
  dir: string;
  /** Replace whatever the target holds; without it a non-empty target is refused. */
  force: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: { name: string; rows: number }[];
  files: number;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { database, storage, dir } = options;
  const manifest = await readManifest(dir);
  const problems = await verifyBackup(dir, manifest);
  if (problems.length > 0) {
    throw new BackupError(
      `The backup in ${dir} is incomplete or damaged; nothing was restored:\n  ${problems.join('\n  ')}`,
    );
  }
  if (manifest.database.format === 'pg_dump' && database.kind !== 'postgres') {
    throw new BackupError(
      'This backup was made with pg_dump and restores only onto PostgreSQL (set DATABASE_URL). ' +
        'To move to the embedded database, make the backup with --logical.',
    );
  }
  if (database.kind === 'postgres') {
    const others = await otherClients(database);
    if (others.length > 0) {
      throw new BackupError(
        `Other clients are connected to the database, probably a running Atelier: ${others.join('; ')}. ` +
          'Stop every instance (and close other sessions) before restoring.',
      );
    }
  }
  const emptyDb = await databaseIsEmpty(database);
  const emptyFiles = await storageIsEmpty(storage);
  if (!(emptyDb && emptyFiles) && !options.force) {
    const what = [emptyDb ? null : 'the database', emptyFiles ? null : 'the file storage']
      .filter(Boolean)
      .join(' and ');
    throw new BackupError(
      `The target is not empty (data found in ${what}). Restore into a fresh instance, or add --force to replace it.`,
    );
  }
  if (!emptyDb) await wipeDatabase(database);
  if (!emptyFiles) await wipeStorage(storage);

  if (manifest.database.format === 'pg_dump') {
    await loadPgDump(database.url as string, join(dir, 'database'));
  } else {
    await loadLogical(database, join(dir, 'database'), manifest.database);
  }
  const tables = await tableCounts(
    database,
    manifest.database.tables.map((t) => t.name),
  );
  const short = manifest.database.tables.filter((t) => tables.find((r) => r.name === t.name)?.rows !== t.rows);
  if (short.length > 0) {
    throw new BackupError(
      `The restored database does not hold the backup's rows (${short.map((t) => t.name).join(', ')}); do not start the shop on it.`,
    );
  }
  await restoreFiles(storage, dir, manifest.files);
  return { manifest, tables, files: manifest.files.count };
}
