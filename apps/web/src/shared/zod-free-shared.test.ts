import { describe, expect, it } from 'vitest';

/**
 * The modules of @atelier/shared the first paint may use: they must not load zod, themselves or
 * through what they import (type-only imports are erased and do not count). The build checks the
 * same on its output (vite.config.ts); this names the modules and fails without a build.
 */
const ZOD_FREE = [
  'i18n',
  'money',
  'images',
  'cart-lines',
  'pages',
  'portfolio.constants',
  'users.constants',
  'progress.constants',
  'route-table',
];

const sources = import.meta.glob<string>('../../../../packages/shared/src/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const source = (module: string) => sources[`../../../../packages/shared/src/${module}.ts`];

function loads(module: string, seen = new Set<string>()): string[] {
  const text = source(module);
  if (text === undefined) throw new Error(`no shared module ${module}`);
  if (seen.has(module)) return [];
  seen.add(module);
  const specs = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm)].map(
    (m) => m[1] ?? '',
  );
  return specs.flatMap((spec) => (spec.startsWith('./') ? [spec, ...loads(spec.slice(2), seen)] : [spec]));
}

/** Every feature's route table (`<feature>.routes.ts`): the web takes its URLs from them. */
const ROUTE_TABLES = Object.keys(sources)
  .map((path) => /\/([^/]+\.routes)\.ts$/.exec(path)?.[1])
  .filter((name): name is string => name !== undefined);

describe('zod-free modules of @atelier/shared', () => {
  it('finds the route tables', () => {
    expect(ROUTE_TABLES).toContain('favourites.routes');
  });

  it.each([...ZOD_FREE, ...ROUTE_TABLES])('%s loads no zod', (module) => {
    expect(loads(module).filter((spec) => spec === 'zod' || spec.startsWith('zod/'))).toEqual([]);
  });

  it('the check sees a value import of zod', () => {
    expect(loads('base-schemas')).toContain('zod');
  });
});
