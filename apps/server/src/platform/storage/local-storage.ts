/**
 * Local-disk storage driver (the default; the app roots it at DATA_DIR/files).
 *
 * Layout: `<root>/public/<key>` (served under /uploads/) and `<root>/private/<key>` (never served
 * by URL), so a static file server pointed at `public/` cannot reach a private file whatever the key.
 * Writes go to a temp file in the destination directory, are fsynced and then renamed over the
 * target: a reader sees the old file or the new one, never half of one, even after a crash.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { InvalidInput, NotFound } from '../errors';
import { type ByteRange, keyUnder, type Storage, type StoredObject, type Visibility } from './storage';

export interface LocalStorageOptions {
  /** Directory that holds the `public/` and `private/` subtrees; created on first write. */
  root: string;
}

const MAX_KEY_LENGTH = 512;

/**
 * The local driver keeps no metadata beside the bytes, so the content type is derived from the
 * extension — the same rule the /uploads/ static server applies — and callers that need the exact
 * type keep it in their own record (StoredFileRef).
 */
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.epub': 'application/epub+zip',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Keys come from the app (never raw user file names), but a key that could escape its subtree is a
 * bug we refuse loudly: no absolute paths, no backslashes (a Windows separator), no NUL, no empty
 * segments and no segment starting with a dot — which rules out `..`, `.` and our own temp files.
 */
export function assertValidKey(key: string): void {
  const bad =
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    key.includes('\0') ||
    key.includes('\\') ||
    key.startsWith('/') ||
    /^[a-zA-Z]:/.test(key) ||
    key.split('/').some((segment) => segment === '' || segment.startsWith('.'));
  if (bad) throw new InvalidInput('invalidFileKey', { key: typeof key === 'string' ? key.slice(0, 100) : null });
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.root);
  const bases: Record<Visibility, string> = {
    public: path.join(root, 'public'),
    private: path.join(root, 'private'),
  };

  function filePath(visibility: Visibility, key: string): string {
    assertValidKey(key);
    const base = bases[visibility];
    if (!base) throw new InvalidInput('invalidFileKey');
    const full = path.join(base, ...key.split('/'));
    // Belt and braces: the checks above already make escaping impossible.
    if (!full.startsWith(base + path.sep)) throw new InvalidInput('invalidFileKey');
    return full;
  }

  async function statFile(visibility: Visibility, key: string): Promise<StoredObject | null> {
    const full = filePath(visibility, key);
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      return { key, size: info.size, contentType: contentTypeForKey(key), lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(visibility, key, data, contentType) {
      const target = filePath(visibility, key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
      const handle = await open(temp, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL, 0o644);
      let size = 0;
      try {
        try {
          if (Buffer.isBuffer(data)) {
            await handle.writeFile(data);
            size = data.length;
          } else {
            for await (const chunk of data) {
              const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
              // writeFile loops until every byte is written; write() may write only part.
              await handle.writeFile(bytes);
              size += bytes.length;
            }
          }
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      await syncDirectory(dir);
      return { key, size, contentType };
    },

    stat: statFile,

    async read(visibility, key, range?: ByteRange) {
      const full = filePath(visibility, key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(full, 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') {
          throw new NotFound('fileNotFound');
        }
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new NotFound('fileNotFound');
        if (!range) return handle.createReadStream();
        const { start } = range;
        const valid =
          Number.isSafeInteger(start) &&
          Number.isSafeInteger(range.end) &&
          start >= 0 &&
          range.end >= start &&
          start < info.size;
        if (!valid) throw new InvalidInput('invalidByteRange', { start, end: range.end, size: info.size });
        // An end past the last byte is clamped, as HTTP Range does for `bytes=100-999999`.
        return handle.createReadStream({ start, end: Math.min(range.end, info.size - 1) });
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(visibility, key) {
      try {
        await unlink(filePath(visibility, key));
      } catch (error) {
        // Deleting what is already gone succeeds, so a retried cleanup never fails.
        if (!isMissing(error)) throw error;
      }
    },

    async *list(visibility) {
      const base = bases[visibility];
      if (!base) throw new InvalidInput('invalidFileKey');
      let entries: string[];
      try {
        entries = await readdir(base, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries.sort()) {
        const key = entry.split(path.sep).join('/');
        // Temp files of writes in progress (dot-named) are not objects yet.
        if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
        const info = await stat(path.join(base, entry)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, contentType: contentTypeForKey(key) };
      }
    },

    publicUrl(key) {
      assertValidKey(key);
      return `/uploads/${key.split('/').map(encodeURIComponent).join('/')}`;
    },

    keyFromPublicUrl: (url) => keyUnder('/uploads', url),

    async check() {
      for (const base of Object.values(bases)) {
        await mkdir(base, { recursive: true });
        await access(base, fsConstants.W_OK);
      }
    },
  };
}

/** Makes the rename itself durable; some platforms cannot open a directory, which is fine to skip. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort only: the file itself is already fsynced.
  } finally {
    await handle?.close().catch(() => {});
  }
}
