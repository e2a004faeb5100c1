#!/usr/bin/env node
// Every query key of the web is written once: a feature's keys in its factory
// (apps/web/src/features/<name>/api/keys.ts), a shared module's beside it (shared/legal/keys.ts,
// shared/delivery/keys.ts), and the prefixes several features build on in
// shared/api/query-keys.ts. A key spelled out where it is used can drift from the one an
// invalidation names, and the cache then keeps stale data without a sound. This check fails on a
// non-test file under apps/web/src, other than those key modules, that passes an array literal as a
// query key: `queryKey: [` (useQuery, queryOptions and every filter: invalidate, remove, cancel,
// refetch…), `setQueryData([`, `getQueryData([`, `ensureQueryData([`, `getQueryState([`, or a
// constant or arrow function of the same file holding one (`const KEY = [...]`, then
// `queryKey: KEY`). Runs as part of `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = join(root, 'apps/web/src');

/** The modules that write keys (paths under apps/web/src): every `keys.ts`, and the shared prefixes. */
export function isKeyModule(rel) {
  return /(^|\/)keys\.ts$/.test(rel) || rel === 'shared/api/query-keys.ts';
}

/**
 * The code alone: comments and the insides of strings, template literals and regular expressions
 * blanked out (a key in a comment or a text is no key), line breaks kept so lines still count.
 */
export function codeOnly(source) {
  let out = '';
  let i = 0;
  /** The last character of code that is not blank: tells a regular expression from a division. */
  let previous = '';
  const blankUntil = (end) => {
    for (; i < end; i++) out += source[i] === '\n' ? '\n' : ' ';
  };
  while (i < source.length) {
    const char = source[i];
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      blankUntil(end === -1 ? source.length : end);
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      blankUntil(end === -1 ? source.length : end + 2);
    } else if (char === "'" || char === '"' || char === '`' || (char === '/' && /^$|[(,=:[!&|?{};]/.test(previous))) {
      // A string, a template or a regular expression: its quotes stay, its inside goes.
      out += char;
      i++;
      // Only a template runs over lines; an unclosed string or expression ends with its line.
      const ends = (at) => at >= source.length || (source[at] === '\n' && char !== '`');
      let inClass = false;
      while (!ends(i)) {
        const inside = source[i];
        if (inside === '\\') {
          blankUntil(i + 2);
          continue;
        }
        if (char === '/' && inside === '[') inClass = true;
        else if (char === '/' && inside === ']') inClass = false;
        else if (inside === char && !inClass) break;
        blankUntil(i + 1);
      }
      if (i < source.length && source[i] === char) {
        out += char;
        i++;
      }
      previous = char;
    } else {
      out += char;
      if (!/\s/.test(char)) previous = char;
      i++;
    }
  }
  return out;
}

/** A type argument list, one level of nesting allowed: `<StockAlert[]>`, `<Array<Order>>`. */
const TYPE_ARGS = '(?:<(?:[^<>]|<[^<>]*>)*>)?';
/** The calls whose first argument is a query key. */
const KEY_ARGUMENT = String.raw`\b(?:setQueryData|getQueryData|ensureQueryData|getQueryState)\s*${TYPE_ARGS}\s*\(\s*`;
/** `const NAME = [` or `const NAME = (…) => [` (types allowed): a key kept in a name of the file. */
const LOCAL_ARRAY_RE =
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:\([^()]*\)\s*(?::[^=]+)?=>\s*)?\[/g;

/** Each array literal the source passes as a query key: `{ line, text }`, in source order. */
export function literalKeys(source) {
  const code = codeOnly(source);
  const names = [...code.matchAll(LOCAL_ARRAY_RE)].map((match) => match[1]);
  const named = names.length > 0 ? `|(?:${names.join('|')})\\b` : '';
  const re = new RegExp(String.raw`(?:\bqueryKey\s*:\s*|${KEY_ARGUMENT})(?:\[${named})`, 'g');
  const found = [];
  for (const match of code.matchAll(re)) {
    const line = code.slice(0, match.index).split('\n').length;
    found.push({ line, text: source.split('\n')[line - 1].trim() });
  }
  return found;
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

function main() {
  const problems = [];
  let keyModules = 0;
  for (const file of walk(webSrc)) {
    const rel = relative(webSrc, file).split('\\').join('/');
    if (isKeyModule(rel)) {
      keyModules++;
      continue;
    }
    for (const { line, text } of literalKeys(readFileSync(file, 'utf8'))) problems.push(`${rel}:${line}: ${text}`);
  }
  if (problems.length > 0) {
    console.error(
      `query keys written outside a key factory (${problems.length}); build them with the feature's api/keys.ts ` +
        `(a prefix several features share: shared/api/query-keys.ts):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`query keys: all from the ${keyModules} key modules`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
