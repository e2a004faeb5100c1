import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, renderConfigurationDoc } from './config.docs';

const repoFile = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('configuration docs', () => {
  it('docs/configuration.md is what config.docs.ts generates (run `node scripts/config-docs.mjs`)', () => {
    expect(repoFile('docs/configuration.md')).toBe(renderConfigurationDoc());
  });

  it('.env.example lists every setting, and only those', () => {
    const listed = [...repoFile('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...new Set(listed)].sort()).toEqual(Object.keys(CONFIG_DOCS).sort());
  });
});
