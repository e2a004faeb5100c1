import type { Plugin } from 'vite';

/**
 * Wraps every top-level `const X = z....;` initializer in a pure IIFE:
 * `const X = /* @__PURE__ *\/ (() => z....)();`. A pure call with no arguments can be dropped
 * whenever X is unused, which a bare `z.object({ a: z.string() })` chain never can.
 */
export function wrapSchemas(code: string): string {
  const head = /^((?:export\s+)?const\s+\w+(?:\s*:[^=\n]+)?\s*=\s*)(?=z\.)/gm;
  let out = '';
  let last = 0;
  for (let match = head.exec(code); match !== null; match = head.exec(code)) {
    const start = match.index + match[0].length;
    const end = statementEnd(code, start);
    if (end < 0) continue;
    out += `${code.slice(last, start)}/* @__PURE__ */ (() => ${code.slice(start, end)})()`;
    last = end;
    head.lastIndex = end;
  }
  return out + code.slice(last);
}

/** Index of the `;` that ends the expression starting at `from` (depth 0, outside strings). */
function statementEnd(code: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < code.length; i++) {
    const char = code[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') depth--;
    else if (char === ';' && depth === 0) return i;
  }
  return -1;
}

/**
 * @atelier/shared builds its zod schemas at module level. Without help the bundler keeps them all,
 * so importing a plain helper (formatMoney, localize) would pull the whole validator into the
 * first paint of `/`. Forms that really validate load zod in their own lazy chunks.
 */
export function pureSharedSchemas(): Plugin {
  const shared = /packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;
  return {
    name: 'atelier:pure-shared-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!shared.test(id) || id.endsWith('.test.ts')) return null;
      return { code: wrapSchemas(code), map: null };
    },
  };
}
