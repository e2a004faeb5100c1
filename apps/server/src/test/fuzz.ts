/**
 * Building blocks of the API fuzz test: fast-check arbitraries derived from a route's zod schemas
 * (through their JSON Schema), the malformed variants every route must refuse cleanly, and cheap
 * digests of the database and of DATA_DIR to prove that a refused request wrote nothing.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import type { Db } from '../db/client';

// ------------------------------------------------------------------ payloads

/** Texts that must never appear in a reply: stack frames, SQL, driver and runtime errors. */
export const LEAK_PATTERNS = [
  // A stack frame ("at /app/x.js:1:2", "at fn (/app/x.js:1:2)"), not prose such as the policy's
  // "published at /privacy/".
  /at (?:\S+ \()?\/\S+:\d+/,
  /node_modules/,
  /SELECT /,
  /INSERT /,
  /UPDATE /,
  /violates/,
  /syntax error/,
  /TypeError/,
  /RangeError/,
  /ReferenceError/,
  /Failed query/,
];

export const leaks = (text: string) => LEAK_PATTERNS.filter((re) => re.test(text)).map(String);

export const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "'; drop table users; --",
  "1' union select password_hash from users --",
  '" or ""="',
  "admin'--",
  "1; waitfor delay '0:0:5' --",
];
export const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(document.cookie)',
  '{{constructor.constructor("alert(1)")()}}',
];
export const UNICODE_PAYLOADS = [
  '🌸💐🌹👩‍🎨',
  '\u202Eabc مرحبا שלום',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  'Ж'.repeat(300),
  '\u200B\u200C\u200D',
];
export const HUGE_STRINGS = ['x'.repeat(100 * 1024), '🌸'.repeat(26 * 1024), `${'a\u0000'.repeat(1024)}`];

/** Values of every JSON type, for "wrong type" and "null/array/object instead of a scalar". */
const oddValue = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  '0',
  'true',
  'null',
  [],
  [null],
  [[[]]],
  {},
  { a: { b: { c: {} } } },
  ['a', 1, null],
  { $ne: null },
  { $gt: '' },
);

const payloadString = fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...UNICODE_PAYLOADS, ...HUGE_STRINGS);

/** Random text that cannot itself look like a leak (it may be echoed back by a valid write). */
const cleanString = (options: fc.StringConstraints = {}) =>
  fc.string({ unit: 'binary', ...options }).filter((s) => leaks(s).length === 0);

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddValue },
  { weight: 4, arbitrary: payloadString },
  { weight: 2, arbitrary: cleanString({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.array(cleanString({ maxLength: 5 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.dictionary(cleanString({ maxLength: 6 }), oddValue, { maxKeys: 3 }) },
);

export const BAD_IDS = [
  'not-a-uuid',
  '123',
  '0',
  '-1',
  '1e309',
  'null',
  'undefined',
  '6f1c3b9e-2d4a-4c8e-9f0a-1b2c3d4e5f6',
  '6f1c3b9e-2d4a-4c8e-9f0a-1b2c3d4e5f6g',
  '6f1c3b9e2d4a4c8e9f0a1b2c3d4e5f60',
  '{6f1c3b9e-2d4a-4c8e-9f0a-1b2c3d4e5f60}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a'.repeat(199),
  'a'.repeat(5000),
  ...SQL_PAYLOADS,
  ...SCRIPT_PAYLOADS,
  '🌸',
  '\u202E',
  '\u0000',
  '\uD800',
  '../../../../etc/passwd',
  '..',
  '.',
];
/** Segments sent as they are (already percent-encoded or deliberately broken encodings). */
export const RAW_SEGMENTS = [
  '%00',
  '%ZZ',
  '%',
  '%C0%AE%C0%AE',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%E2%80%AE',
  '%uD800',
  '%ED%A0%80',
  '%FF%FE',
];

export const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{a:1}',
  "{'a':1}",
  '[1,2',
  'nul',
  '"unterminated',
  '{"a":1}}',
  '{"a":1,}',
  '\u0000',
  ' ',
  '\uFEFF{}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1e999999}',
  `${'['.repeat(20000)}${']'.repeat(20000)}`,
  `{"a":"${'\\u0000'.repeat(50)}"}`,
  '{"a":"\\ud800"}',
  '123',
  'true',
  '"just a string"',
  '[]',
  'null',
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'image/png',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/vnd.api+json',
  ';;;',
];

// ------------------------------------------------------------------ schemas → arbitraries

type Js = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export interface Pools {
  /** Ids of the fixture's rows, so valid-shaped requests also reach existing records. */
  ids: string[];
  emails: string[];
  /** Words that name real things (providers, promo codes, passwords). */
  words: string[];
}

export function toJsonSchema(schema: unknown): Js | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Js;
  } catch {
    return {};
  }
}

/** An arbitrary of values that (mostly) pass the schema; refinements it cannot see may still fail. */
export function validArb(schema: Js, pools: Pools, root: Js = schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Js>;
    return depth > 3 || !defs[name] ? fc.constant(null) : validArb(defs[name], pools, root, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validArb(s, pools, root, depth + 1)));
  if (schema.allOf?.length) return validArb(Object.assign({}, ...schema.allOf), pools, root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema, pools);
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1, -1_000_000);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1, 1_000_000);
      return fc.integer({ min: Math.min(min, max), max });
    }
    case 'number': {
      const min = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000, -1_000_000);
      const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000, 1_000_000);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validArb(schema.items, pools, root, depth + 1) : oddValue, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(props).map(([k, s]) => [k, validArb(s, pools, root, depth + 1)]),
      ) as Record<string, fc.Arbitrary<unknown>>;
      const requiredKeys = (schema.required ?? []).filter((k) => k in props);
      return fc.record(record, { requiredKeys });
    }
    default:
      return fc.oneof(oddValue, cleanString({ maxLength: 20 }));
  }
}

function stringArb(schema: Js, pools: Pools): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  switch (schema.format) {
    case 'uuid':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.ids) }, { weight: 1, arbitrary: fc.uuid() });
    case 'email':
      return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress().filter(fits));
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  const words = pools.words.filter(fits);
  let base: fc.Arbitrary<string> = cleanString({ minLength, maxLength });
  if (schema.pattern) {
    try {
      base = fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fits(s) && leaks(s).length === 0);
    } catch {
      // A pattern fast-check cannot generate from: plain text of the right length.
    }
  }
  return words.length
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constantFrom(...words) })
    : base;
}

// ------------------------------------------------------------------ malformed variants

type Path = (string | number)[];

function leafPaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length) out.push(path);
  if (path.length > 4) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) leafPaths(v, [...path, i], out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leafPaths(v, [...path, k], out);
  return out;
}

function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

function setAt(
  root: unknown,
  path: Path,
  mutate: (parent: Record<string | number, unknown>, key: string | number) => void,
) {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  mutate(node, path[path.length - 1]!);
}

export type Mutation = 'wrong-type' | 'missing' | 'extra' | 'payload-everywhere' | 'whole-value' | 'wrap-in-array';

/** A valid value turned into one of the malformed shapes (field-level or whole-value). */
export function malformedArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: valid,
      kind: fc.constantFrom<Mutation>(
        'wrong-type',
        'wrong-type',
        'missing',
        'extra',
        'payload-everywhere',
        'whole-value',
        'wrap-in-array',
      ),
      pick: fc.nat(),
      junk: junkValue,
      payload: payloadString,
      extraKey: fc.constantFrom(
        'extra',
        'role',
        'isAdmin',
        'id',
        'userId',
        'constructor',
        'toString',
        'a'.repeat(300),
        '🌸',
      ),
    })
    .map(({ value, kind, pick, junk, payload, extraKey }) => {
      const v = clone(value);
      const paths = leafPaths(v);
      const path = paths.length ? paths[pick % paths.length]! : undefined;
      if (kind === 'whole-value' || !path || v === null || typeof v !== 'object') return junk;
      if (kind === 'wrap-in-array') return [v];
      if (kind === 'missing') {
        setAt(v, path, (parent, key) => {
          if (Array.isArray(parent)) parent.splice(Number(key), 1);
          else delete parent[key];
        });
      } else if (kind === 'extra') {
        (v as Record<string, unknown>)[extraKey] = junk;
      } else if (kind === 'payload-everywhere') {
        for (const p of paths)
          setAt(v, p, (parent, key) => {
            if (typeof parent[key] === 'string') parent[key] = payload;
          });
        setAt(v, path, (parent, key) => {
          parent[key] = payload;
        });
      } else {
        setAt(v, path, (parent, key) => {
          parent[key] = junk;
        });
      }
      return v;
    });
}

/** encodeURIComponent that turns lone surrogates into U+FFFD instead of throwing (RAW_SEGMENTS has the raw bytes). */
export const enc = (value: unknown) => encodeURIComponent(String(value).replace(/\p{Cs}/gu, '\uFFFD'));

/** A query object as a query string (arrays as repeated keys, objects as bracket keys or JSON). */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value === undefined ? '' : `q=${enc(String(value))}`;
  }
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = enc(k);
    if (Array.isArray(v)) for (const item of v) parts.push(`${key}=${enc(String(item))}`);
    else if (v && typeof v === 'object')
      for (const [sub, subValue] of Object.entries(v)) parts.push(`${key}[${enc(sub)}]=${enc(String(subValue))}`);
    else parts.push(`${key}=${enc(String(v))}`);
  }
  return parts.join('&');
}

// ------------------------------------------------------------------ digests

/**
 * What a refused request may legitimately write. Every other INSERT, UPDATE or DELETE on any table
 * of the public schema counts as a write of the refused request.
 */
export const WRITE_EXCLUSIONS: Record<string, { skip?: true; ignoreColumns?: string[]; ignoreInsertsWhen?: string }> = {
  // Fixed-window abuse counters: counting refused logins, registrations and code guesses is their job.
  rate_limits: { skip: true },
  // Failed-login back-off per account and address: a refused login is exactly what it counts.
  login_failures: { skip: true },
  // The guard refreshes last_seen_at (at most every few minutes) before the route refuses the request.
  sessions: { ignoreColumns: ['last_seen_at'] },
  // A wrong verification code counts toward the token's attempt limit (brute-force protection).
  email_tokens: { ignoreColumns: ['attempts'] },
  // The payment audit log keeps every provider notification, a rejected (forged, malformed) one too.
  payment_events: { ignoreInsertsWhen: "NEW.type = 'rejected'" },
};

export interface WriteWatch {
  tables: string[];
  /** Tables not watched at all (WRITE_EXCLUSIONS `skip`). */
  skipped: string[];
  /** The writes since the last call ("table op" each), and forgets them. */
  drain(): Promise<string[]>;
}

type Rows<T> = { rows?: T[] } | T[];
const rowsOf = <T>(res: unknown): T[] => {
  const r = res as Rows<T>;
  return Array.isArray(r) ? r : (r.rows ?? []);
};

/**
 * Test-only instrumentation of the fuzz database: a row trigger on every watched table notes each
 * INSERT, UPDATE (ignoring the excluded columns) and DELETE in `fuzz_writes`. A write that is
 * rolled back leaves no note, so after a refused request the notes must be empty. One small query
 * per request instead of hashing every table.
 */
export async function watchWrites(db: Db): Promise<WriteWatch> {
  const all = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => r.tablename);
  const tables = all.filter((t) => !WRITE_EXCLUSIONS[t]?.skip);
  await db.execute(sql.raw('create table fuzz_writes (tbl text not null, op text not null)'));
  await db.execute(
    sql.raw(`create function fuzz_note() returns trigger language plpgsql as $$
begin
  if TG_OP = 'UPDATE' and (to_jsonb(NEW) - TG_ARGV) = (to_jsonb(OLD) - TG_ARGV) then
    return null;
  end if;
  insert into fuzz_writes values (TG_TABLE_NAME, TG_OP);
  return null;
end $$`),
  );
  for (const t of tables) {
    const rule = WRITE_EXCLUSIONS[t] ?? {};
    const args = (rule.ignoreColumns ?? []).map((c) => `'${c}'`).join(', ');
    const note = `for each row execute function fuzz_note(${args})`;
    if (rule.ignoreInsertsWhen) {
      await db.execute(sql.raw(`create trigger fuzz_note_ud after update or delete on "${t}" ${note}`));
      await db.execute(
        sql.raw(`create trigger fuzz_note_i after insert on "${t}" for each row when (not (${rule.ignoreInsertsWhen}))
          execute function fuzz_note(${args})`),
      );
    } else {
      await db.execute(sql.raw(`create trigger fuzz_note after insert or update or delete on "${t}" ${note}`));
    }
  }
  const drain = sql.raw('delete from fuzz_writes returning tbl, op');
  return {
    tables,
    skipped: all.filter((t) => !tables.includes(t)),
    async drain() {
      return rowsOf<{ tbl: string; op: string }>(await db.execute(drain)).map((r) => `${r.tbl} ${r.op}`);
    },
  };
}

/** Every file under `dir` with its size and modification time. */
export function filesDigest(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries.sort()) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else out.push(`${p}:${st.size}:${st.mtimeMs}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

/** A 32-bit FNV-1a hash: per-route seeds that do not move when routes are added or reordered. */
export function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
