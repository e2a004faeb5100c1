#!/usr/bin/env node
// Writes docs/configuration.md from the settings' descriptions in apps/server/src/config.docs.ts.
// `--check` writes nothing and exits 1 when the file is stale (the server suite checks the same in
// config.docs.test.ts). The descriptions file imports only types, so esbuild's transform is enough.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'apps/server/src/config.docs.ts');
const target = join(root, 'docs/configuration.md');

const { code } = await transform(readFileSync(source, 'utf8'), { loader: 'ts', format: 'esm' });
const { renderConfigurationDoc } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
const wanted = renderConfigurationDoc();
let current = '';
try {
  current = readFileSync(target, 'utf8');
} catch {}

if (process.argv.includes('--check')) {
  if (current !== wanted) {
    console.error('docs/configuration.md is stale: run `node scripts/config-docs.mjs`');
    process.exit(1);
  }
  console.log('docs/configuration.md is up to date');
} else if (current === wanted) {
  console.log('docs/configuration.md is up to date');
} else {
  writeFileSync(target, wanted);
  console.log('docs/configuration.md written');
}
