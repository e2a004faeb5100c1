#!/usr/bin/env node
/**
 * Post-build step: writes `<file>.br` (brotli, max quality) and `<file>.gz` (gzip -9) beside every
 * text-like file of the web build, so the server sends them as they are instead of compressing
 * each response on the fly at a lower quality.
 *
 *   node apps/server/scripts/precompress.mjs [apps/web/dist]
 *
 * index.html is skipped (the server fills its head per request), as are files under 1 KB and
 * files that would not get smaller. Re-running only redoes files newer than their siblings.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|map|webmanifest|txt|xml|html|wasm)$/i;
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function isFresh(sibling, source) {
  try {
    return (await stat(sibling)).mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

/** Returns { files, written } counts for the build in `root`. */
export async function precompress(root) {
  let files = 0;
  let written = 0;
  for await (const file of walk(root)) {
    if (!COMPRESSIBLE.test(file) || path.relative(root, file) === 'index.html') continue;
    const info = await stat(file);
    if (info.size < MIN_BYTES) continue;
    files++;
    let data;
    for (const [ext, compress] of [
      ['.br', (buf) => brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', (buf) => gzip(buf, { level: 9 })],
    ]) {
      const target = file + ext;
      if (await isFresh(target, info)) continue;
      data ??= await readFile(file);
      const out = await compress(data);
      if (out.length < data.length) {
        await writeFile(target, out);
        written++;
      }
    }
  }
  return { files, written };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const started = Date.now();
  const { files, written } = await precompress(root);
  console.log(
    `precompress: ${written} .br/.gz files written for ${files} assets in ${root} (${Date.now() - started} ms)`,
  );
}
