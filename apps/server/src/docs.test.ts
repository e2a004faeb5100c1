/**
 * The docs cannot go stale unnoticed where a machine can tell: the files docs/architecture.md names
 * for each rule exist, every decision record is in the decisions index, and the relative links of
 * the newcomer's docs lead to files that exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The lines of a Markdown section, from its `## heading` to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** `code` spans that are repository paths: a folder and a file name with an extension. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((span) => span.includes('/') && /\.[a-z]{2,4}$/.test(span));
}

/** Relative link targets of a Markdown file, without their #anchor, resolved from its folder. */
function relativeLinks(path: string): string[] {
  return [...read(path).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .map((target) => join(dirname(path), target.split('#')[0]!));
}

describe('docs', () => {
  it('every file named in "Where each rule lives" exists', () => {
    const table = section(read('docs/architecture.md'), 'Where each rule lives').split('\nNot yet one file')[0]!;
    const paths = pathsIn(table);
    expect(paths.length).toBeGreaterThanOrEqual(15);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('the decisions index lists every decision record, and only existing ones', () => {
    const index = read('docs/decisions/README.md');
    const records = readdirSync(join(root, 'docs/decisions')).filter((name) => /^\d{4}-.+\.md$/.test(name));
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]!);
    expect(records.length).toBeGreaterThan(60);
    expect(records.filter((name) => !linked.includes(name))).toEqual([]);
    expect(linked.filter((name) => !records.includes(name))).toEqual([]);
  });

  it('the relative links of the README and the docs lead to files that exist', () => {
    const docs = [
      'README.md',
      'CONTRIBUTING.md',
      'bench/README.md',
      'docs/decisions/README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
      ...readdirSync(join(root, 'docs/operations')).map((name) => `docs/operations/${name}`),
    ];
    const broken = docs.flatMap((doc) =>
      relativeLinks(doc)
        .filter((target) => !existsSync(join(root, target)))
        .map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
