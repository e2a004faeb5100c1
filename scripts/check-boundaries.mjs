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
// - web: shared/ never imports features/ and app/ (layers go app -> features -> shared);
// - server: the composition root (src/services.ts building the services, src/events.ts wiring the
//   domain events, src/app.ts, src/main.ts, src/jobs.ts) imports the features, never
//   the other way: nothing under features/, platform/ or db/ imports those files (tests, which
//   build the whole app, excepted);
// - no import cycles (scripts/import-graph.mjs finds them; docs/decisions/0069): none between the
//   files of apps/server/src, apps/web/src and packages/shared/src (type-only imports count), and
//   none between features (features/<a> reaching features/<b> and back, directly or through other
//   files), except the cycles listed in ALLOWED_CYCLES below;
// - no source file over MAX_LINES lines in apps/*/src and packages/shared/src (tests excepted), but
//   those listed in OVERSIZED_FILES below.
// Runs as part of `npm run lint`; exits 1 listing every violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collapse, cycles, describeCycle, fileGraph } from './import-graph.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** `export * from '…'`, `export * as x from '…'`, `export { … } from '…'`, `export type { … } from '…'`. */
const REEXPORT_RE = /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/gm;
const SCHEMAS_RE = /\.schemas(\.ts)?$/;
/** The server's composition root: top-level files of src/ that import features and are imported by none. */
const ROOT_FILES = /^(app|services|events|jobs|pages|main)(\.ts)?$/;

/**
 * Cycles known and being taken apart, each by its tree, its kind (`file`: the files of one
 * strongly connected component; `feature`: the features of one) and its exact members. A cycle
 * not listed here fails the check; so does an entry whose cycle is gone or has changed, so the
 * list can only shrink. Empty is the goal.
 */
const ALLOWED_CYCLES = [];

/**
 * Pure modules a server feature publishes besides its service and schemas: leaves that import
 * nothing but the shared package (checked here), so importing one can close no cycle. The price of
 * an order is one (checkout's): the cart, the course page and the purchase dialog's quotes price
 * through it.
 */
const PUBLIC_LEAVES = ['checkout/pricing.ts'];

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
    const leaf =
      side === 'server' &&
      from !== null &&
      PUBLIC_LEAVES.includes(relative(join(srcRoot, 'features'), file).split(sep).join('/'));
    if (leaf) {
      for (const match of source.matchAll(IMPORT_RE)) {
        const spec = match[1] ?? match[2] ?? '';
        if (spec !== '@atelier/shared') {
          violations.push(`${relative(root, file)} imports ${spec}: a public leaf imports only @atelier/shared`);
        }
      }
    }
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
      if (
        side === 'server' &&
        ['features', 'platform', 'db'].includes(layer ?? '') &&
        !/\.test\.ts$/.test(file) &&
        targetRel.length === 1 &&
        ROOT_FILES.test(targetRel[0] ?? '')
      ) {
        violations.push(
          `${where}: the composition root imports the features, never the other way (declare what you need in your deps; services.ts hands it in)`,
        );
      }
      if (!to || to === from || from === null) continue;
      const inside = targetRel.slice(2);
      const allowed =
        side === 'server'
          ? inside.length === 1 &&
            (/^[\w-]+\.(service|schemas)(\.ts)?$/.test(inside[0] ?? '') ||
              PUBLIC_LEAVES.includes(`${to}/${(inside[0] ?? '').replace(/(\.ts)?$/, '.ts')}`))
          : inside[0] === 'api' || (from === 'admin' && inside[0] === 'admin');
      if (!allowed) {
        violations.push(
          `${where}: feature '${from}' may use '${to}' only through ${side === 'server' ? `${to}.service.ts` : `features/${to}/api/`}`,
        );
      }
    }
  }
}

/** `features/<x>/…` → `x`; anything else stays a node of its own. */
const featureNode = (file) => {
  const parts = file.split('/');
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : null;
};
const isFeature = (node) => !node.includes('/') && !/\.(ts|tsx|mts)$/.test(node);
const unmatched = new Set(ALLOWED_CYCLES);
const sameMembers = (a, b) => a.length === b.length && [...a].sort().every((member, i) => member === [...b].sort()[i]);
function checkCycle(tree, kind, graph, members) {
  const allowed = ALLOWED_CYCLES.find(
    (entry) => entry.tree === tree && entry.kind === kind && sameMembers(entry.members, members),
  );
  if (allowed) {
    unmatched.delete(allowed);
    return;
  }
  violations.push(
    `${tree}: ${kind === 'file' ? 'import cycle' : 'cycle between features'} ${describeCycle(graph, members)}` +
      (kind === 'feature' ? ` (members: ${members.join(', ')})` : ''),
  );
}
for (const tree of ['apps/server/src', 'apps/web/src', 'packages/shared/src']) {
  const files = fileGraph(join(root, tree));
  for (const members of cycles(files)) checkCycle(tree, 'file', files, members);
  if (tree === 'packages/shared/src') continue;
  const features = collapse(files, featureNode);
  for (const members of cycles(features)) {
    // A component of files alone is reported above as a file cycle.
    if (members.some(isFeature)) checkCycle(tree, 'feature', features, members);
  }
}
for (const entry of unmatched) {
  violations.push(
    `${entry.tree}: the allowed ${entry.kind} cycle ${entry.members.join(' ↔ ')} is gone or has changed: update ALLOWED_CYCLES in scripts/check-boundaries.mjs (remove the entry once the cycle is gone)`,
  );
}

// ---- file size: a file over the limit holds more than one concern; split it (hooks and parts,
// one table file per feature, ...) rather than raise the limit.
const MAX_LINES = 700;
/**
 * Files still over the limit, each with the reason, to be split. A new file over the limit fails
 * the check; so does an entry whose file is gone or back under the limit, so the list can only
 * shrink. Empty is the goal.
 */
const OVERSIZED_FILES = [
  // Payment creation, provider notifications and refunds in one service.
];
const SIZE_TREES = [
  ...readdirSync(join(root, 'apps')).map((app) => join(root, 'apps', app, 'src')),
  join(root, 'packages/shared/src'),
];
const isTestFile = (path) => /\.(test|spec)\.tsx?$|\.d\.ts$/.test(path);
for (const tree of SIZE_TREES) {
  for (const file of walk(tree)) {
    if (isTestFile(file)) continue;
    const path = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const allowed = OVERSIZED_FILES.includes(path);
    if (lines > MAX_LINES && !allowed) {
      violations.push(`${path} has ${lines} lines (over ${MAX_LINES}): split it by concern`);
    } else if (lines <= MAX_LINES && allowed) {
      violations.push(
        `${path} is back under ${MAX_LINES} lines: remove it from OVERSIZED_FILES in scripts/check-boundaries.mjs`,
      );
    }
  }
}
for (const path of OVERSIZED_FILES) {
  let exists = true;
  try {
    statSync(join(root, path));
  } catch {
    exists = false;
  }
  if (!exists) violations.push(`${path} is gone: remove it from OVERSIZED_FILES in scripts/check-boundaries.mjs`);
}

if (violations.length > 0) {
  console.error(`Feature boundary violations (${violations.length}):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `feature boundaries: ok; no import cycles; no file over ${MAX_LINES} lines${OVERSIZED_FILES.length > 0 ? ` beyond the ${OVERSIZED_FILES.length} allowed` : ''}${ALLOWED_CYCLES.length > 0 ? ` beyond the ${ALLOWED_CYCLES.length} allowed` : ''}`,
);
