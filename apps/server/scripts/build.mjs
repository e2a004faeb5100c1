#!/usr/bin/env node
// Bundles the server into dist/main.js, the backup command (`npm run backup` / `npm run restore`)
// into dist/backup.js and the admin command (`npm run admin:reset-password`) into dist/admin.js,
// each entry on its own; see bundle.mjs for how.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'dist'), { recursive: true, force: true });
const started = Date.now();
await bundleServer({
  entryPoints: { main: 'src/main.ts', backup: 'src/backup-cli.ts', admin: 'src/admin-cli.ts' },
  outdir: join(root, 'dist'),
});
console.log(`server built in ${Date.now() - started} ms → dist/main.js`);
