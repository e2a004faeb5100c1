/**
 * Every route that accepts files (declared `multipart: true`, so listed in the route table) meets
 * every kind of broken multipart body and must answer 4xx in the error envelope without writing a
 * thing: no row changed in any table, no file left in DATA_DIR. A new upload route is walked
 * automatically; one with a new `:id` resource needs its table named in ID_SOURCES (the test says so).
 */
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { bearer } from '../../test/accounts';
import { adminUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { pngBytes } from '../../test/uploads';

const B = 'atelier-test-boundary';
const CT = `multipart/form-data; boundary=${B}`;
const UPLOAD_LIMIT_MB = 0.25;

/** Table holding the rows behind `/<segment>/:id`, to address an existing row. */
const ID_SOURCES: Record<string, string> = {
  shop: 'products',
  portfolio: 'portfolio_items',
  lessons: 'lessons',
  courses: 'courses',
};

/** File field names the upload routes use; a name a route does not allow is refused before reading. */
const FILE_FIELDS = ['image', 'images', 'video', 'file', 'cover', 'poster', 'methodology_ru'];

interface BadBody {
  name: string;
  contentType: string;
  body: Buffer;
  /** Announce more bytes than are sent: the server's stream ends short. */
  announce?: number;
}

const part = (headers: string, content: string | Buffer) =>
  Buffer.concat([Buffer.from(`--${B}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
const close = Buffer.from(`--${B}--\r\n`);
const dataPart = part('Content-Disposition: form-data; name="data"', JSON.stringify({ reviewText: 'x' }));

function badBodies(png: Buffer): BadBody[] {
  const fileHead = (field: string) =>
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
  const whole = Buffer.concat([part('Content-Disposition: form-data; name="reviewText"', 'A lovely bouquet'), close]);
  return [
    { name: 'truncated body', contentType: CT, body: whole.subarray(0, whole.length - 20), announce: whole.length },
    {
      name: 'body cut mid-header',
      contentType: CT,
      body: Buffer.from(`--${B}\r\nContent-Disposition: form-da`),
      announce: 4096,
    },
    { name: 'missing boundary', contentType: 'multipart/form-data', body: whole },
    { name: 'garbage', contentType: CT, body: Buffer.from('\u0000\u0001 not a form at all \r\n\r\n--') },
    {
      name: 'part without a name',
      contentType: CT,
      body: Buffer.concat([part('Content-Disposition: form-data; filename="a.png"', png), close]),
    },
    { name: 'wrong content type', contentType: 'text/plain', body: whole },
    {
      name: 'oversized field',
      contentType: CT,
      body: Buffer.concat([part('Content-Disposition: form-data; name="data"', 'x'.repeat(1024 * 1024 + 10)), close]),
    },
    ...FILE_FIELDS.flatMap((field): BadBody[] => {
      const truncated = Buffer.concat([dataPart, fileHead(field), png.subarray(0, 40)]);
      return [
        {
          name: `truncated file part "${field}"`,
          contentType: CT,
          body: truncated,
          announce: truncated.length + png.length,
        },
        {
          name: `oversized file "${field}"`,
          contentType: CT,
          body: Buffer.concat([
            dataPart,
            part(
              `Content-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png`,
              [png, Buffer.alloc(UPLOAD_LIMIT_MB * 1024 * 1024 + 1, 0x41)].reduce((a, b) => Buffer.concat([a, b])),
            ),
            close,
          ]),
        },
      ];
    }),
  ];
}

let t: TestContext;
let tokens: Record<'user' | 'admin', string>;
let bodies: BadBody[];

beforeAll(async () => {
  t = await createTestContext({ env: { UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB) } });
  await seedDemo({ db: t.database.db, ...t.platform, log: { info() {} } });
  tokens = {
    user: (await verifiedUser(t, { email: 'writer@example.com' })).token,
    admin: (await adminUser(t)).token,
  };
  bodies = badBodies(await pngBytes());
});
afterAll(() => t.close());

/** Rows of a raw query (the result shape is the same on PGlite and node-postgres). */
async function rows<T>(query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A fingerprint of every table's content. */
async function tableFingerprints(): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // Rate-limit counters count attempts, refused ones included: that is their job, not a write of the form.
    if (name === 'rate_limits') continue;
    const [row] = await rows<{ h: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`),
    );
    out[name] = String(row?.h);
  }
  return out;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function urlFor(url: string): Promise<string> {
  const parts = url.split('/');
  const out: string[] = [];
  for (const [i, segment] of parts.entries()) {
    if (!segment.startsWith(':')) {
      out.push(segment);
      continue;
    }
    const table = ID_SOURCES[parts[i - 1] ?? ''];
    if (!table) throw new Error(`${url}: name the table behind "${parts[i - 1]}/${segment}" in ID_SOURCES`);
    const [row] = await rows<{ id: string }>(sql.raw(`select id from "${table}" limit 1`));
    const id = row?.id;
    if (!id) throw new Error(`${url}: no row in ${table} to address`);
    out.push(id);
  }
  return out.join('/');
}

describe('upload routes refuse broken multipart bodies with a 4xx and write nothing', () => {
  it('the route table lists the upload routes', () => {
    const routes = t.app.routeTable.filter((r) => r.multipart).map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/reviews',
        'PUT /api/landing/about',
        'POST /api/shop',
        'PUT /api/admin/lessons/:id',
      ]),
    );
  });

  it('a real client that stops sending mid-file (socket half-closed) gets a 400 envelope, nothing written', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const before = await tableFingerprints();
    const filesBefore = await filesUnder(t.dataDir);
    const png = await pngBytes();
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="reviewText"', 'A lovely bouquet, thank you'),
      Buffer.from(
        `--${B}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png.subarray(0, 50),
    ]);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/reviews HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.user}\r\n` +
            `Content-Type: ${CT}\r\nContent-Length: ${body.length + png.length}\r\nConnection: close\r\n\r\n`,
        );
        socket.end(body);
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('"success":false');
    expect(await tableFingerprints()).toEqual(before);
    expect(await filesUnder(t.dataDir)).toEqual(filesBefore);
  });

  it('every upload route × every broken body → 4xx envelope, no row or file written', async () => {
    const routes = t.app.routeTable.filter((r) => r.multipart);
    const failures: string[] = [];
    // What one request left is what the next one starts from: each state is read once.
    let tablesBefore = await tableFingerprints();
    let filesBefore = await filesUnder(t.dataDir);
    for (const route of routes) {
      const url = await urlFor(route.url);
      const auth = route.access === 'public' ? {} : bearer(tokens[route.access ?? 'user']);
      for (const bad of bodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            ...auth,
            'content-type': bad.contentType,
            ...(bad.announce ? { 'content-length': String(bad.announce) } : {}),
          },
          payload: bad.body,
        });
        const label = `${route.method} ${route.url} with ${bad.name}`;
        const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined;
        if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body}`);
        else if (body?.success !== false || typeof body?.code !== 'string' || typeof body?.message !== 'string') {
          failures.push(`${label}: not an error envelope: ${res.body}`);
        }
        const tablesAfter = await tableFingerprints();
        const changed = Object.keys(tablesAfter).filter((k) => tablesAfter[k] !== tablesBefore[k]);
        if (changed.length) failures.push(`${label}: changed ${changed.join(', ')}`);
        const filesAfter = await filesUnder(t.dataDir);
        const added = filesAfter.filter((f) => !filesBefore.includes(f));
        if (added.length) failures.push(`${label}: left ${added.join(', ')}`);
        tablesBefore = tablesAfter;
        filesBefore = filesAfter;
      }
    }
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
  }, 600_000);
});
