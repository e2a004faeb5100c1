/**
 * Property-based fuzzing of every declared route (fast-check): requests derived from each route's
 * zod schemas in the app's route table, valid and malformed (wrong types, missing/extra fields,
 * 100 KB and odd-unicode strings, SQL and script payloads, bad ids in the path, malformed JSON,
 * wrong content types), as a guest, a verified user and an admin, on a fresh database.
 *
 * After every request: no 5xx; no stack, SQL or runtime error text in the body; every error is the
 * API envelope; and a refused (4xx) request changed neither the database (row hash per table, see
 * WRITE_EXCLUSIONS) nor the files under DATA_DIR.
 *
 * The seed is printed; FUZZ_SEED=<n> replays the same requests.
 */

import {
  AboutUpdateSchema,
  CourseWriteSchema,
  CreateCustomRequestBody,
  CreateReviewSchema,
  LessonWriteSchema,
  PortfolioInputSchema,
  ProductWriteSchema,
} from '@atelier/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons, portfolioItems, products, promoCodes, reviews } from '../../db/schema';
import { bearer, GOOD_PASSWORD } from '../../test/accounts';
import { adminUser, verifiedUser } from '../../test/factory';
import {
  BAD_IDS,
  enc,
  filesDigest,
  fnv,
  junkValue,
  leaks,
  MALFORMED_JSON,
  malformedArb,
  type Pools,
  RAW_SEGMENTS,
  toJsonSchema,
  toQueryString,
  validArb,
  WRONG_CONTENT_TYPES,
  type WriteWatch,
  watchWrites,
} from '../../test/fuzz';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSession } from '../auth/sessions';
import { type RouteEntry, routeNeedsDeclaration } from './access';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** Requests per route for a role the route admits, and for one it refuses (the guard's 401/403). */
const RUNS_ALLOWED = 52;
const RUNS_REFUSED = 12;
const MIN_REQUESTS = 10_000;
/**
 * With PostgreSQL configured the suite runs this file on both databases: they share the generated
 * requests, each sending every other one of each route and role, so together they send the whole
 * set once (each half is still over MIN_REQUESTS). On the embedded database alone, it sends all.
 */
const SHARE = process.env.TEST_DATABASE_URL
  ? { part: process.env.ATELIER_TEST_DB === 'postgres' ? 1 : 0, of: 2 }
  : { part: 0, of: 1 };
/** FUZZ_ROUTE='PUT /api/landing' replays only the routes whose "METHOD /url" contains it. */
const ONLY = process.env.FUZZ_ROUTE;

/**
 * Routes that accept a JSON body OR multipart/form-data read by readForm, so the body schema is not
 * in the route table. Only JSON bodies are sent to them (the multipart parser has its own tests).
 */
const FORM_BODIES: Record<string, unknown> = {
  'POST /api/shop': ProductWriteSchema,
  'PUT /api/shop/:id': ProductWriteSchema,
  'POST /api/admin/portfolio': PortfolioInputSchema,
  'PUT /api/admin/portfolio/:id': PortfolioInputSchema,
  'POST /api/reviews': CreateReviewSchema,
  'POST /api/custom-orders': CreateCustomRequestBody,
  'PUT /api/landing/about': AboutUpdateSchema,
  'POST /api/admin/lessons': LessonWriteSchema,
  'PUT /api/admin/lessons/:id': LessonWriteSchema,
  'POST /api/admin/courses': CourseWriteSchema,
  'PUT /api/admin/courses/:id': CourseWriteSchema,
};

/**
 * Routes whose valid call spoils the shared sessions (sign out, password change, account deletion)
 * or removes fixture rows: they run last, each request with a fresh session of its own.
 */
const isDestructive = (r: RouteEntry) =>
  r.method === 'DELETE' || ['/api/auth/logout', '/api/auth/change-password'].includes(r.url);

/** Pages a browser opens (the sandbox payment page): their errors are HTML pages, not the JSON envelope. */
const HTML_PAGES = new Set(['GET /api/payments/sandbox/:id']);

type Role = 'guest' | 'user' | 'admin';
const admits = (r: RouteEntry, role: Role) =>
  r.access === 'public' || (r.access === 'user' && role !== 'guest') || (r.access === 'admin' && role === 'admin');

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
  variant: string;
}

let t: TestContext;
let writes: WriteWatch;
const tokens: Record<Exclude<Role, 'guest'>, string> = { user: '', admin: '' };
const ids: Record<'user' | 'admin' | 'victim', string> = { user: '', admin: '', victim: '' };
let pools: Pools;

/** The account whose sessions the user-role requests use; its password is in the word pool. */
const victim = (email: string) => verifiedUser(t, { email, name: 'Victim', password: GOOD_PASSWORD });

beforeAll(async () => {
  t = await createTestContext();
  const user = await verifiedUser(t, { email: 'fuzz-user@example.com', password: GOOD_PASSWORD });
  const admin = await adminUser(t, { email: 'fuzz-admin@example.com', password: 'Admin-Orchid-99' });
  tokens.user = user.token;
  tokens.admin = admin.token;
  ids.user = user.id;
  ids.admin = admin.id;
  ids.victim = (await victim('fuzz-victim@example.com')).id;

  const db = t.database.db;
  const made = await db
    .insert(products)
    .values([
      { name: { ru: 'Пион' }, description: { ru: 'Шёлк' }, priceRub: 500_000, category: 'collection', stock: 1000 },
      { name: { ru: 'Роза' }, description: { ru: 'Шёлк' }, priceRub: 300_000, category: 'collection' },
      {
        name: { ru: 'Книга' },
        description: { ru: 'Книга' },
        priceRub: 150_000,
        category: 'book',
        bookFormats: ['physical', 'digital'],
        stock: 50,
      },
    ])
    .returning({ id: products.id });
  const [course] = await db
    .insert(courses)
    .values({ title: { ru: 'Курс' }, description: { ru: 'Курс' }, level: 'basic', priceRub: 900_000 })
    .returning({ id: courses.id });
  const madeLessons = await db
    .insert(lessons)
    .values([
      { number: 1, title: { ru: 'Урок' }, description: { ru: 'Урок' }, level: 'basic', priceRub: 150_000 },
      {
        number: 2,
        title: { ru: 'Урок 2' },
        description: { ru: 'Урок' },
        level: 'advanced',
        priceRub: 250_000,
        courseId: course!.id,
        positionInCourse: 1,
      },
    ])
    .returning({ id: lessons.id });
  const [item] = await db
    .insert(portfolioItems)
    .values({ title: { ru: 'Букет' }, description: { ru: 'Свадьба' }, category: 'wedding' })
    .returning({ id: portfolioItems.id });
  const madeReviews = await db
    .insert(reviews)
    .values([
      { userId: ids.user, userName: 'Anna', text: 'Прекрасные цветы, спасибо!' },
      { userId: ids.user, userName: 'Anna', text: 'Второй отзыв о мастер-классе', status: 'approved' },
    ])
    .returning({ id: reviews.id });
  const [promo] = await db
    .insert(promoCodes)
    .values({ code: 'SILK10', percentOff: 10 })
    .returning({ id: promoCodes.id });
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(tokens.user),
    payload: {
      items: [{ type: 'product', id: made[0]!.id, quantity: 1 }],
      customer: { firstName: 'Anna', lastName: 'Petrova', email: 'fuzz-user@example.com', phone: '+7 912 345-67-89' },
      delivery: { method: 'courier_pickup', pickupPoint: 'СДЭК, ул. Ленина, 1' },
      paymentMethod: 'card',
      currency: 'RUB',
      acceptTerms: true,
      consents: [{ kind: 'personal-data', language: 'ru', version: 1 }],
    },
  });
  if (order.statusCode !== 201) throw new Error(`fixture order: ${order.body}`);
  const orderId = order.json().data.order.id as string;
  pools = {
    ids: [
      ...made.map((r) => r.id),
      course!.id,
      ...madeLessons.map((r) => r.id),
      item!.id,
      ...madeReviews.map((r) => r.id),
      promo!.id,
      ids.user,
      ids.admin,
      orderId,
    ],
    emails: ['fuzz-user@example.com', 'fuzz-admin@example.com', 'fuzz-victim@example.com', 'nobody@example.com'],
    words: ['test', 'yookassa', 'paypal', 'SILK10', GOOD_PASSWORD, 'ru', 'en', 'es', 'pay', 'cancel', 'fail'],
  };
  writes = await watchWrites(t.database.db);
});
afterAll(() => t?.close());

function fuzzedRoutes(): RouteEntry[] {
  const seen = new Set<string>();
  return t.app.routeTable.filter((r) => {
    if (!routeNeedsDeclaration(r.url) && !r.access) return false;
    if (r.method === 'HEAD' || r.method === 'OPTIONS') return false;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const encodedSegment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...BAD_IDS).map(enc) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(enc) },
);

/** The URL with each `:param` (and a `*` tail) filled with a valid value or a bad one. */
function urlArb(route: RouteEntry): fc.Arbitrary<{ path: string; bad: boolean }> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const schema = toJsonSchema(route.schema.params);
  const parts: Record<string, fc.Arbitrary<{ v: string; bad: boolean }>> = {};
  for (const name of names) {
    const prop = schema?.properties?.[name];
    const good = prop ? validArb(prop, pools).map((v) => enc(v)) : fc.constantFrom(...pools.ids);
    parts[name] = fc.oneof(
      { weight: 3, arbitrary: good.map((v) => ({ v, bad: false })) },
      { weight: 2, arbitrary: encodedSegment.map((v) => ({ v, bad: true })) },
    );
  }
  const tail = fc.constantFrom(
    'products/x.jpg',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/%2e%2e/package.json',
    'private/lessons/videos/x',
    '%00',
    'a/'.repeat(50),
  );
  return fc.record({ parts: fc.record(parts), tail }).map(({ parts: p, tail: tl }) => {
    const path = route.url.replace(/:(\w+)/g, (_, n: string) => p[n]!.v).replace(/\*$/, tl);
    return { path, bad: Object.values(p).some((x) => x.bad) };
  });
}

function queryArb(route: RouteEntry): fc.Arbitrary<{ query: string; variant: string }> {
  const schema = toJsonSchema(route.schema.querystring);
  const valid = schema ? validArb(schema, pools) : fc.constant({});
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => ({ query: toQueryString(v), variant: 'query' })) },
    { weight: 3, arbitrary: malformedArb(valid).map((v) => ({ query: toQueryString(v), variant: 'bad-query' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'page=%ZZ',
          'limit=1e309',
          '__proto__[role]=admin',
          'page=1&page=2&page=3',
          'a[b][c][d]=1',
          `q=${'x'.repeat(100_000)}`,
          '&&&==&',
          'limit=-0',
        )
        .map((query) => ({ query, variant: 'odd-query' })),
    },
  );
}

type Body = { payload?: string; contentType?: string; variant: string };

function bodyArb(route: RouteEntry): fc.Arbitrary<Body> {
  const key = `${route.method} ${route.url}`;
  const zod = route.schema.body ?? FORM_BODIES[key];
  const schema = toJsonSchema(zod);
  const valid = schema ? validArb(schema, pools) : junkValue;
  const json = (variant: string) => (v: unknown) => ({
    payload: JSON.stringify(v ?? null),
    contentType: 'application/json',
    variant,
  });
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(json('body')) },
    { weight: 5, arbitrary: malformedArb(valid).map(json('bad-body')) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((payload) => ({ payload, contentType: 'application/json', variant: 'malformed-json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ v: valid, type: fc.constantFrom(...WRONG_CONTENT_TYPES) })
        .map(({ v, type }) => ({ payload: JSON.stringify(v ?? null), contentType: type, variant: 'content-type' })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', variant: 'empty-body' }) },
  );
}

function requestArb(
  route: RouteEntry,
): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> {
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const body: fc.Arbitrary<Body> = hasBody ? bodyArb(route) : fc.constant({ variant: 'no-body' });
  return fc
    .record({
      url: urlArb(route),
      query: queryArb(route),
      body,
      lang: fc.constantFrom('ru', 'en', 'es', 'de-DE,de;q=0.9', 'xx;q=abc', '*'),
      ip: fc.integer({ min: 1, max: 200 }),
    })
    .map(({ url, query, body: b, lang, ip }) => {
      const headers: Record<string, string> = { 'accept-language': lang };
      if (b.contentType) headers['content-type'] = b.contentType;
      const variants = [b.variant, query.variant, url.bad ? 'bad-param' : ''].filter(Boolean);
      return {
        method: route.method,
        url: query.query ? `${url.path}?${query.query}` : url.path,
        headers,
        ...(b.payload !== undefined ? { payload: b.payload } : {}),
        remoteAddress: `10.77.${ip}.1`,
        variant: variants.join('+'),
      };
    });
}

/** Envelope `{ success:false, code, message, details? }` and nothing else. */
function isErrorEnvelope(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return (
    b.success === false &&
    typeof b.code === 'string' &&
    typeof b.message === 'string' &&
    b.message.length > 0 &&
    Object.keys(b).every((k) => ['success', 'code', 'message', 'details'].includes(k))
  );
}

describe('API fuzz (fast-check, every declared route, guest / user / admin)', () => {
  it(`sends ${MIN_REQUESTS}+ generated requests: no 5xx, no leaks, error envelope, refused requests write nothing`, async () => {
    console.log(`[fuzz] seed ${SEED} (replay with FUZZ_SEED=${SEED}), share ${SHARE.part + 1} of ${SHARE.of}`);
    const started = Date.now();
    const routes = fuzzedRoutes().filter((r) => !ONLY || `${r.method} ${r.url}`.includes(ONLY));
    const ordered = [...routes.filter((r) => !isDestructive(r)), ...routes.filter(isDestructive)];
    const counts = { sent: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const perRoute = new Map<string, number>();
    const failures: string[] = [];
    const fail = (req: FuzzRequest, who: Role, status: number, problem: string) => {
      if (failures.length < 40)
        failures.push(`${problem} — ${who} ${req.method} ${req.url.slice(0, 160)} [${req.variant}] → ${status}`);
    };

    let acceptedWrites = 0;
    let digestMs = 0;
    let injectMs = 0;
    await writes.drain();
    let filesBefore = filesDigest(t.dataDir);
    for (const route of ordered) {
      const key = `${route.method} ${route.url}`;
      for (const who of ['guest', 'user', 'admin'] as const) {
        const numRuns = admits(route, who) ? RUNS_ALLOWED : RUNS_REFUSED;
        const samples = fc.sample(requestArb(route), { seed: (SEED ^ fnv(`${key} ${who}`)) >>> 0, numRuns });
        for (const [index, req] of samples.entries()) {
          if (index % SHARE.of !== SHARE.part) continue;
          let token: string | undefined;
          if (who !== 'guest') {
            // A destructive route gets a throwaway session (and the user role a throwaway account).
            token = isDestructive(route)
              ? await createSession(t.database.db, who === 'user' ? ids.victim : ids.admin)
              : tokens[who];
            if (isDestructive(route)) await writes.drain();
          }
          const t1 = performance.now();
          const res = await t.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: token ? { ...req.headers, ...bearer(token) } : req.headers,
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
            remoteAddress: req.remoteAddress,
          });
          const ms = performance.now() - t1;
          injectMs += ms;
          counts.sent++;
          perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
          const status = res.statusCode;
          const cls = `${Math.floor(status / 100)}xx` as '2xx';
          counts[cls] = (counts[cls] ?? 0) + 1;

          if (status >= 500) fail(req, who, status, `5xx: ${res.body.slice(0, 200)}`);
          const leaked = leaks(res.body);
          if (leaked.length) fail(req, who, status, `leak ${leaked.join(' ')}: ${res.body.slice(0, 300)}`);
          if (status >= 400) {
            let parsed: unknown;
            try {
              parsed = res.json();
            } catch {
              parsed = undefined;
            }
            const htmlPage = HTML_PAGES.has(key) && String(res.headers['content-type']).startsWith('text/html');
            if (!htmlPage && !isErrorEnvelope(parsed))
              fail(req, who, status, `not the error envelope: ${res.body.slice(0, 200)}`);
          }

          const t0 = performance.now();
          const written = await writes.drain();
          digestMs += performance.now() - t0;
          const filesAfter = filesDigest(t.dataDir);
          if (written.length && status < 300) acceptedWrites++;
          if (status >= 400 && status < 500) {
            if (written.length) fail(req, who, status, `refused request wrote ${[...new Set(written)].join(', ')}`);
            if (filesAfter !== filesBefore) fail(req, who, status, 'refused request changed files under DATA_DIR');
          }
          filesBefore = filesAfter;
          // The victim may really have deleted its account (the password is in the word pool).
          if (route.url === '/api/user/account' && status === 200 && who === 'user') {
            ids.victim = (await victim(`fuzz-victim-${counts.sent}@example.com`)).id;
            await writes.drain();
          }
        }
      }
    }

    const uncovered = routes.map((r) => `${r.method} ${r.url}`).filter((k) => !perRoute.get(k));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[fuzz] seed ${SEED}: ${counts.sent} requests in ${seconds} s — 2xx ${counts['2xx']}, 3xx ${counts['3xx']}, ` +
        `4xx ${counts['4xx']}, 5xx ${counts['5xx']}; routes covered ${perRoute.size}/${routes.length}; ` +
        `tables watched ${writes.tables.length} (not: ${writes.skipped.join(', ')})`,
    );
    console.log(`[fuzz] write check ${digestMs.toFixed(0)} ms, inject ${injectMs.toFixed(0)} ms`);
    expect(failures).toEqual([]);
    expect(uncovered).toEqual([]);
    // The write watch itself works: accepted writes were seen.
    expect(acceptedWrites).toBeGreaterThan(0);
    if (!ONLY) expect(counts.sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // About 95 s on a quiet 2-core machine, over 300 s on one three times as busy: the limit only
    // catches a hang, never a slow machine.
  }, 900_000);
});
