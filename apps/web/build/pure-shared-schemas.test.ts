import { describe, expect, it } from 'vitest';
import { wrapSchemas } from './pure-shared-schemas';

describe('shared schemas are wrapped in pure IIFEs so unused ones tree-shake', () => {
  it.each([
    ['export const A = z.string();', 'export const A = /* @__PURE__ */ (() => z.string())();'],
    [
      "export const B = z.object({\n  a: z.string().min(1, 'x;y'),\n}).strict();\nconst n = 1;",
      "export const B = /* @__PURE__ */ (() => z.object({\n  a: z.string().min(1, 'x;y'),\n}).strict())();\nconst n = 1;",
    ],
    ['export const C: Record<string, number> = { a: 1 };', 'export const C: Record<string, number> = { a: 1 };'],
    ['export function f() {\n  return z.string();\n}', 'export function f() {\n  return z.string();\n}'],
  ])('%s', (input, expected) => {
    expect(wrapSchemas(input)).toBe(expected);
  });
});
