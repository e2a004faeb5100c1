#!/usr/bin/env node
// Bundles the server into dist/main.js (and the backup command into dist/backup.js) with esbuild. npm dependencies stay external (installed
// node_modules are used at run time); the workspace package @atelier/shared is TypeScript source
// and is bundled in. Migrations and seed assets are copied beside the bundle, where the code
// finds them with `new URL('./migrations' | './assets/', import.meta.url)`.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@atelier/'));

rmSync(join(root, 'dist'), { recursive: true, force: true });
const started = Date.now();
await build({
  // backup.js is `npm run backup` / `npm run restore`; each entry is bundled on its own.
  entryPoints: { main: join(root, 'src/main.ts'), backup: join(root, 'src/backup-cli.ts') },
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(join(root, 'src/db/migrations'), join(root, 'dist/migrations'), { recursive: true });
// Read at run time with new URL('./common-passwords.txt', import.meta.url), like the migrations.
cpSync(join(root, 'src/features/auth/common-passwords.txt'), join(root, 'dist/common-passwords.txt'));
// The PDFs' fonts (course and gift certificates), read with new URL('./fonts/…', import.meta.url) like the above.
cpSync(join(root, 'src/platform/pdf/fonts'), join(root, 'dist/fonts'), { recursive: true });
if (existsSync(join(root, 'src/demo/assets'))) {
  cpSync(join(root, 'src/demo/assets'), join(root, 'dist/assets'), { recursive: true });
}
console.log(`server built in ${Date.now() - started} ms → dist/main.js`);
