#!/usr/bin/env node
// The web calls the API through the typed calls derived from the contract (apps/web/src/shared/api/
// endpoints.ts, docs/decisions/0074-one-typed-contract.md). A hand-typed `apiRequest<T>(…)`,
// `apiGet<T>(…)` or `uploadForm<T>(…)` states a reply's type the contract already knows, and can
// drift from it; this check fails on one outside the list below, and on a listed file whose count
// went down without the list following (the list only shrinks). Runs as part of `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = join(root, 'apps/web/src');
const CAST_RE = /\b(?:apiRequest|apiGet|uploadForm)<(?!T\b)/g;

/** File (under apps/web/src) → how many casts it keeps, and why the contract cannot type them yet. */
export const ALLOWED = {
  'features/payments/api/admin-payments.ts': {
    count: 1,
    why: 'the route declares no reply schema: a payment’s provider events are the provider’s own JSON',
  },
  'features/admin/api/get-mail-preview.ts': {
    count: 1,
    why: 'the mail previews are a composition-root route (src/mail-previews.routes.ts), outside the feature contracts',
  },
};

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

export function countCasts(text) {
  return [...text.matchAll(CAST_RE)].length;
}

const problems = [];
const seen = new Set();
for (const file of walk(webSrc)) {
  const rel = relative(webSrc, file).split('\\').join('/');
  const count = countCasts(readFileSync(file, 'utf8'));
  const allowed = ALLOWED[rel];
  if (allowed) seen.add(rel);
  if (count === 0 && !allowed) continue;
  if (!allowed)
    problems.push(`${rel}: ${count} hand-typed API call(s); call the route through its contract (shared/api/routes/)`);
  else if (count > allowed.count) problems.push(`${rel}: ${count} hand-typed API calls, ${allowed.count} allowed`);
  else if (count < allowed.count)
    problems.push(`${rel}: ${count} hand-typed API calls now; lower its allowance in scripts/check-api-casts.mjs`);
}
for (const rel of Object.keys(ALLOWED))
  if (!seen.has(rel)) problems.push(`${rel}: listed but gone; drop it from the list`);

const total = Object.values(ALLOWED).reduce((sum, entry) => sum + entry.count, 0);
if (problems.length) {
  console.error(`hand-typed API calls:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`hand-typed API calls: ${total} allowed, none beyond`);
