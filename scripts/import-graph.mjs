// The import graph of a source tree and the cycles in it, for scripts/check-boundaries.mjs.
//
// A file's edges are its relative imports, `import type` included: a type-only import is erased at
// run time, but it still ties the two files' designs together (a cycle of types is the same tangle
// to a reader, and the first value import added along it becomes a run-time cycle). Imports of
// packages (`@atelier/shared`, `react`) are not edges: a tree is checked on its own, and the shared
// package is checked as a tree of its own.
//
// Cycles are the strongly connected components of the graph (Tarjan's algorithm): every set of
// files from which each can reach each other; a file importing itself is a component of one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** `import … from`, `export … from`, `import '…'` and `import('…')`; `type` imports included. */
const SPEC_RE =
  /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w$.])import\s*['"]([^'"]+)['"]|(?:^|[^\w$.])import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Block and line comments out (a commented-out import is no edge); strings are left alone. */
function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/** Every module specifier a TypeScript source names. */
export function importSpecifiers(source) {
  const specs = [];
  for (const match of withoutComments(source).matchAll(SPEC_RE)) specs.push(match[1] ?? match[2] ?? match[3]);
  return specs;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** The file a relative specifier names (`./x`, `./x.js`, `./dir` → `./dir/index.ts`), or null. */
export function resolveSpecifier(fromFile, spec, fileExists = existsSync) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
  if (/\.(m?js|jsx)$/.test(base)) {
    const stem = base.replace(/\.(m?js|jsx)$/, '');
    candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`);
  }
  for (const candidate of candidates) {
    if (/\.(ts|tsx|mts)$/.test(candidate) && fileExists(candidate)) return candidate;
  }
  return null;
}

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') yield* walk(path);
    } else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/**
 * The import graph of the non-test sources under `srcRoot`: file (relative to `srcRoot`, with `/`)
 * → the files it imports. Tests import what they test and are never imported, so they can close no
 * cycle; they are left out.
 */
export function fileGraph(srcRoot) {
  const graph = new Map();
  const key = (file) => relative(srcRoot, file).split(sep).join('/');
  for (const file of walk(srcRoot)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const targets = new Set();
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, spec);
      if (target && !relative(srcRoot, target).startsWith('..')) targets.add(key(target));
    }
    graph.set(key(file), [...targets]);
  }
  return graph;
}

/**
 * The graph with each node replaced by its group (`groupOf(node)`, or the node itself when that
 * answers null), edges inside a group dropped: e.g. every file of features/<x> as one node `x`.
 */
export function collapse(graph, groupOf) {
  const name = (node) => groupOf(node) ?? node;
  const collapsed = new Map();
  for (const [node, targets] of graph) {
    const from = name(node);
    const set = new Set(collapsed.get(from) ?? []);
    for (const target of targets) {
      const to = name(target);
      if (to !== from) set.add(to);
    }
    collapsed.set(from, [...set]);
  }
  return collapsed;
}

/** The strongly connected components of a graph (Map node → targets), each a sorted array. */
export function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  const targetsOf = (node) => graph.get(node) ?? [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    // Iterative depth-first search: [node, position in its targets] frames.
    const frames = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const [node, position] = frame;
      const targets = targetsOf(node);
      if (position < targets.length) {
        frame[1] = position + 1;
        const target = targets[position];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          frames.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/** The cycles of a graph: its components of two or more nodes, and every node that imports itself. */
export function cycles(graph) {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || targetsInclude(graph, component[0], component[0]))
    .sort((a, b) => a.join().localeCompare(b.join()));
}

function targetsInclude(graph, from, to) {
  return (graph.get(from) ?? []).includes(to);
}

/** One path around a cycle, for the message: `a → b → c → a`, following the graph's edges. */
export function describeCycle(graph, component) {
  const members = new Set(component);
  const start = component[0];
  // Breadth-first from start back to start inside the component: the shortest loop through it.
  const previous = new Map();
  const queue = [start];
  const seen = new Set();
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start].join(' → ');
      }
      if (seen.has(target)) continue;
      seen.add(target);
      previous.set(target, node);
      queue.push(target);
    }
  }
  return component.join(' ↔ ');
}
