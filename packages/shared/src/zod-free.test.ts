import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The modules the web's first paint may use: they must not load zod, themselves or through what
 * they import (type-only imports are erased and do not count). The web build checks the same on
 * its output (apps/web/vite.config.ts); this names the modules and fails without a build.
 */
const ZOD_FREE = ['i18n', 'money', 'images', 'cart-lines', 'portfolio.constants', 'users.constants'];

function valueImports(module: string): string[] {
  const source = readFileSync(new URL(`./${module}.ts`, import.meta.url), 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1] ?? '');
}

function loads(module: string, seen = new Set<string>()): string[] {
  if (seen.has(module)) return [];
  seen.add(module);
  return valueImports(module).flatMap((spec) =>
    spec.startsWith('./') ? [spec, ...loads(spec.slice(2), seen)] : [spec],
  );
}

describe('zod-free shared modules', () => {
  it.each(ZOD_FREE)('%s loads no zod', (module) => {
    expect(loads(module).filter((spec) => spec === 'zod' || spec.startsWith('zod/'))).toEqual([]);
  });

  it('the check sees a value import of zod', () => {
    expect(loads('base-schemas')).toContain('zod');
  });
});
