#!/usr/bin/env node
// Keeps features from reaching into each other's internals:
// - server: features/<a>/ may import from features/<b>/ only `<b>.service.ts` (a feature talks to
//   another only through its service) and `<b>.schemas.ts` (its public payload shapes);
// - server: a `*.service.ts` re-exports nothing but schemas (`export * from './x.repo'` or
//   `export { query } from './x.orders'` would hand other features raw queries behind the
//   service's name): what it offers are its own named methods;
// - web: features/<a>/ may import from features/<b>/ only `api/` (the query hooks and fetchers);
//   the admin shell (features/admin) may also import `features/<b>/admin/`, the admin pages each
//   feature keeps beside its public pages (loaded only inside the lazy admin chunk);
// - web: shared/ never imports features/ and app/ (layers go app -> features -> shared).
// Runs as part of `npm run lint`; exits 1 listing every violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** `export * from '…'`, `export * as x from '…'`, `export { … } from '…'`, `export type { … } from '…'`. */
const REEXPORT_RE = /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm;
const SCHEMAS_RE = /\.schemas(\.ts)?$/;

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

function featureOf(srcRoot, file) {
  const rel = relative(join(srcRoot, 'features'), file).split(sep);
  return rel[0] === '..' || rel.length < 2 ? null : rel[0];
}

const violations = [];
for (const [side, srcRoot] of [
  ['server', join(root, 'apps/server/src')],
  ['web', join(root, 'apps/web/src')],
]) {
  for (const file of walk(srcRoot)) {
    const from = featureOf(srcRoot, file);
    const layer = relative(srcRoot, file).split(sep)[0];
    const source = readFileSync(file, 'utf8');
    if (side === 'server' && /\.service\.ts$/.test(file)) {
      for (const match of source.matchAll(REEXPORT_RE)) {
        const spec = match[1] ?? '';
        if (spec.startsWith('.') && !SCHEMAS_RE.test(spec)) {
          violations.push(
            `${relative(root, file)} re-exports ${spec}: a service offers its own named methods, never another module's exports (schemas excepted)`,
          );
        }
      }
    }
    for (const match of source.matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2];
      if (!spec?.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const targetRel = relative(srcRoot, target).split(sep);
      const to = featureOf(srcRoot, target);
      const where = `${relative(root, file)} imports ${spec}`;
      if (side === 'web' && layer === 'shared' && (targetRel[0] === 'features' || targetRel[0] === 'app')) {
        violations.push(`${where}: web/shared must not depend on features or app`);
      }
      if (!to || to === from || from === null) continue;
      const inside = targetRel.slice(2);
      const allowed =
        side === 'server'
          ? inside.length === 1 && /^[\w-]+\.(service|schemas)(\.ts)?$/.test(inside[0] ?? '')
          : inside[0] === 'api' || (from === 'admin' && inside[0] === 'admin');
      if (!allowed) {
        violations.push(
          `${where}: feature '${from}' may use '${to}' only through ${side === 'server' ? `${to}.service.ts` : `features/${to}/api/`}`,
        );
      }
    }
  }
}

if (violations.length > 0) {
  console.error(`Feature boundary violations (${violations.length}):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log('feature boundaries: ok');
