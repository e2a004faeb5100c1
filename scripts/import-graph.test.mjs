// The cycle finder of scripts/check-boundaries.mjs on tiny graphs. Run by `npm run lint`
// (node --test scripts/import-graph.test.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { collapse, cycles, describeCycle, fileGraph, importSpecifiers } from './import-graph.mjs';

const graph = (edges) => new Map(Object.entries(edges));

describe('cycles', () => {
  it('finds each strongly connected component of two or more nodes, and a node importing itself', () => {
    const g = graph({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts', 'd.ts'],
      'c.ts': ['a.ts'],
      'd.ts': ['e.ts'],
      'e.ts': [],
      'f.ts': ['f.ts'],
      'g.ts': ['h.ts'],
      'h.ts': ['g.ts', 'a.ts'],
    });
    assert.deepEqual(cycles(g), [['a.ts', 'b.ts', 'c.ts'], ['f.ts'], ['g.ts', 'h.ts']]);
  });

  it('finds none in a graph without cycles, however the edges fan in', () => {
    const g = graph({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['d.ts'], 'c.ts': ['d.ts'], 'd.ts': [] });
    assert.deepEqual(cycles(g), []);
  });

  it('handles a long chain closing on itself without running out of stack', () => {
    const size = 20_000;
    const g = new Map(Array.from({ length: size }, (_, i) => [`n${i}`, [`n${(i + 1) % size}`]]));
    const found = cycles(g);
    assert.equal(found.length, 1);
    assert.equal(found[0]?.length, size);
  });

  it('describes a cycle as one path along the imports', () => {
    const g = graph({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] });
    assert.equal(describeCycle(g, ['a.ts', 'b.ts', 'c.ts']), 'a.ts → b.ts → c.ts → a.ts');
  });
});

describe('feature cycles', () => {
  const feature = (file) => (file.startsWith('features/') ? file.split('/')[1] : null);

  it('finds features that reach each other through another file, though no file cycle exists', () => {
    const g = graph({
      'features/orders/orders.service.ts': ['app.ts'],
      'app.ts': ['features/shop/shop.service.ts'],
      'features/shop/shop.service.ts': ['features/shop/shop.repo.ts'],
      'features/shop/shop.repo.ts': ['features/orders/orders.schemas.ts'],
      'features/orders/orders.schemas.ts': [],
    });
    assert.deepEqual(cycles(g), []);
    assert.deepEqual(cycles(collapse(g, feature)), [['app.ts', 'orders', 'shop']]);
  });

  it('ignores imports inside one feature', () => {
    const g = graph({
      'features/orders/a.ts': ['features/orders/b.ts'],
      'features/orders/b.ts': ['features/shop/c.ts'],
      'features/shop/c.ts': [],
    });
    assert.deepEqual(cycles(collapse(g, feature)), []);
  });
});

describe('import specifiers', () => {
  it('reads value, type, re-export, side-effect and dynamic imports, not commented-out ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      'import {',
      '  c,',
      "} from './c.js';",
      "export * from './d';",
      "export { e } from './e';",
      "import './f.css';",
      "const g = () => import('./g');",
      "// import { h } from './h';",
      "/* import { i } from './i'; */",
      "import { z } from 'zod';",
    ].join('\n');
    assert.deepEqual(importSpecifiers(source), ['./a', './b', './c.js', './d', './e', './f.css', './g', 'zod']);
  });
});

describe('file graph', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('resolves `.js` specifiers, folders and `.tsx` files, and leaves tests and packages out', () => {
    write('a.ts', "import { b } from './b.js';\nimport { c } from './c';\nimport { z } from 'zod';");
    write('b.ts', "import type { D } from './d';");
    write('c/index.ts', "import { a } from '../a';");
    write('d.tsx', 'export type D = 1;');
    write('a.test.ts', "import { a } from './a';");
    const g = fileGraph(dir);
    assert.deepEqual([...g.keys()].sort(), ['a.ts', 'b.ts', 'c/index.ts', 'd.tsx']);
    assert.deepEqual(g.get('a.ts'), ['b.ts', 'c/index.ts']);
    assert.deepEqual(g.get('b.ts'), ['d.tsx']);
    assert.deepEqual(cycles(g), [['a.ts', 'c/index.ts']]);
  });
});
