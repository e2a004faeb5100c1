// How the server's entry points are bundled with esbuild, shared by the build (dist/main.js and
// dist/backup.js) and by the tests that run a command as the operator does. npm dependencies stay
// external (installed node_modules are used at run time); the workspace package @atelier/shared is
// TypeScript source and is bundled in. The files the code reads beside itself with
// `new URL('./…', import.meta.url)` are copied next to the bundle.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@atelier/'));

/**
 * Bundles `entryPoints` ({ name: 'src/….ts' }, relative to apps/server) into `outdir`. The bundle
 * resolves its dependencies from where it is written: `outdir` must lie inside the repository.
 * `demoAssets: false` leaves out the seed's images (only `npm start` draws the demo shop).
 */
export async function bundleServer({ entryPoints, outdir, sourcemap = true, demoAssets = true }) {
  await build({
    entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, path]) => [name, join(root, path)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    external: [...external, ...external.map((name) => `${name}/*`)],
    // Some dependencies are CommonJS and call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  cpSync(join(root, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  cpSync(join(root, 'src/platform/auth/common-passwords.txt'), join(outdir, 'common-passwords.txt'));
  // The PDFs' fonts (course and gift certificates).
  cpSync(join(root, 'src/platform/pdf/fonts'), join(outdir, 'fonts'), { recursive: true });
  if (demoAssets && existsSync(join(root, 'src/demo/assets'))) {
    cpSync(join(root, 'src/demo/assets'), join(outdir, 'assets'), { recursive: true });
  }
}
