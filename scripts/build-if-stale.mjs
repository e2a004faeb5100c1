// Builds the web app and/or the server when their sources are newer than the last build
// (shared by `npm start` and `npm run backup|restore`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const shared = ['packages/shared/src', 'package-lock.json'].map((p) => newestMtime(join(root, p)));
const targets = [
  {
    name: 'web',
    // Built last (after the browser build), so it is missing or old whenever any part is.
    output: 'apps/web/dist-ssr/entry-server.js',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
  {
    name: 'server',
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json'],
  },
];

export function buildIfStale(names) {
  for (const target of targets.filter((t) => names.includes(t.name))) {
    const built = newestMtime(join(root, target.output));
    const source = Math.max(...shared, ...target.inputs.map((p) => newestMtime(join(root, p))));
    if (built >= source) continue;
    console.log(`Building ${target.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${target.name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
