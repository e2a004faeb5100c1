/**
 * The files half of a backup: every object of the Storage (disk or S3, public and private) copied
 * to `<backup>/files/<visibility>/<key>` with its size and sha256, and put back through the same
 * interface, so a backup of one driver restores onto the other.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage, Visibility } from '../storage/storage';

export interface FileEntry {
  visibility: Visibility;
  key: string;
  size: number;
  contentType: string;
  sha256: string;
}

export interface FilesManifest {
  count: number;
  bytes: number;
  items: FileEntry[];
}

const VISIBILITIES: Visibility[] = ['public', 'private'];

function hashing(hash: ReturnType<typeof createHash>, counter: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      counter.size += chunk.length;
      done(null, chunk);
    },
  });
}

const localPath = (dir: string, visibility: Visibility, key: string) =>
  join(dir, 'files', visibility, ...key.split('/'));

export async function backupFiles(storage: Storage, dir: string): Promise<FilesManifest> {
  const items: FileEntry[] = [];
  for (const visibility of VISIBILITIES) {
    for await (const object of storage.list(visibility)) {
      // The type the object was stored with (S3 keeps it; the disk driver derives it from the name).
      const stored = await storage.stat(visibility, object.key);
      if (!stored) continue; // deleted since it was listed
      const target = localPath(dir, visibility, object.key);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      const counter = { size: 0 };
      await pipeline(await storage.read(visibility, object.key), hashing(hash, counter), createWriteStream(target));
      items.push({
        visibility,
        key: object.key,
        size: counter.size,
        contentType: stored.contentType,
        sha256: hash.digest('hex'),
      });
    }
  }
  return { count: items.length, bytes: items.reduce((sum, f) => sum + f.size, 0), items };
}

/** Lists what is missing or altered among the backup's files, before anything is restored. */
export async function verifyFiles(dir: string, manifest: FilesManifest): Promise<string[]> {
  const problems: string[] = [];
  if (manifest.items.length !== manifest.count) problems.push('the file list does not match the file count');
  for (const item of manifest.items) {
    const path = localPath(dir, item.visibility, item.key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) {
      problems.push(`file ${item.visibility}/${item.key} is missing`);
      continue;
    }
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    if (info.size !== item.size || hash.digest('hex') !== item.sha256) {
      problems.push(`file ${item.visibility}/${item.key} differs from the manifest (size or sha256)`);
    }
  }
  return problems;
}

export async function restoreFiles(storage: Storage, dir: string, manifest: FilesManifest): Promise<void> {
  for (const item of manifest.items) {
    await storage.put(
      item.visibility,
      item.key,
      createReadStream(localPath(dir, item.visibility, item.key)),
      item.contentType,
    );
  }
}

export async function storageIsEmpty(storage: Storage): Promise<boolean> {
  for (const visibility of VISIBILITIES) {
    for await (const _object of storage.list(visibility)) return false;
  }
  return true;
}

export async function wipeStorage(storage: Storage): Promise<void> {
  for (const visibility of VISIBILITIES) {
    const keys: string[] = [];
    for await (const object of storage.list(visibility)) keys.push(object.key);
    for (const key of keys) await storage.delete(visibility, key);
  }
}
