/**
 * The served OpenAPI document is one an integrator can use: every operation named, tagged,
 * summarised, secured as its route's access says, with the 4xx it can give; only the API; under
 * 300 KB; Redocly's recommended ruleset (redocly.yaml) finds no error; and a client generated from
 * it with openapi-typescript compiles calls to three operations.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateTypes, packageDir } from '@atelier/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { routeNeedsDeclaration } from './access';
import { declaredErrors, isDocumented, securityOf } from './openapi';

const run = promisify(execFile);
const root = resolve(fileURLToPath(import.meta.url), '../../../../../..');
const PUBLIC_URL = 'https://atelier.test';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; description?: string }>;
  'x-webhook'?: boolean;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

let t: TestContext;
let body: string;
let document: Document;
let operations: { method: string; path: string; operation: Operation }[];
beforeAll(async () => {
  t = await createTestContext({ env: { PUBLIC_URL } });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  body = res.body;
  document = res.json();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
});
afterAll(() => t.close());

/** `/api/orders/:id` → `/api/orders/{id}`; a trailing wildcard → `{path}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');

describe('the served OpenAPI document', () => {
  it('documents every API route and nothing else, under 300 KB', () => {
    expect(operations.length).toBeGreaterThan(180);
    expect(operations.filter(({ path }) => !isDocumented(path))).toEqual([]);
    const documented = new Set(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    const missing = t.app.routeTable
      .filter((r) => routeNeedsDeclaration(r.url) && r.method !== 'HEAD' && !r.url.startsWith('/api/media/private/'))
      .map((r) => `${r.method} ${openapiPath(r.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(Buffer.byteLength(body)).toBeLessThan(300 * 1024);
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
  });

  it('names each operation feature.verb, once, with a tag and a summary', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations) {
      expect(operation.summary?.length).toBeGreaterThan(5);
      expect(operation.tags?.length).toBeGreaterThan(0);
    }
    const byId = new Map(operations.map(({ method, path, operation }) => [operation.operationId, `${method} ${path}`]));
    expect(byId.get('shop.list')).toBe('get /api/shop');
    expect(byId.get('giftCertificates.check')).toBe('post /api/gift-certificates/check');
    expect(byId.get('auth.login')).toBe('post /api/auth/login');
  });

  it('secures each operation as its route declares, with the 401 and 403 that follow', () => {
    const access = new Map(t.app.routeTable.map((r) => [`${r.method.toLowerCase()} ${openapiPath(r.url)}`, r.access]));
    for (const { method, path, operation } of operations) {
      const declared = access.get(`${method} ${path}`);
      const codes = Object.keys(operation.responses);
      if (declared === 'public') {
        // None at all, or (a private media file) none or a session.
        expect([[], [{}, { bearer: [] }, { sessionCookie: [] }]]).toContainEqual(operation.security);
      } else {
        expect(operation.security?.[0]).toEqual({ bearer: [] });
        expect(codes).toContain('401');
      }
      if (declared === 'admin') expect(codes).toContain('403');
    }
    expect(securityOf('user', false)).toEqual([{ bearer: [] }]);
    expect(securityOf('public', false)).toEqual([]);
  });

  it('gives each operation its 4xx; only public reads that take no input have none', () => {
    const without = operations.filter(({ operation }) => !Object.keys(operation.responses).some((s) => s[0] === '4'));
    for (const { operation } of without) {
      expect(operation.security).toEqual([]);
      expect(operation.parameters).toBeUndefined();
      expect(operation.requestBody).toBeUndefined();
    }
    expect(without.length).toBeLessThan(10);
    expect(declaredErrors({ body: {} }, 'admin', false)).toEqual([400, 401, 403, 413, 415]);
  });

  it('shares the error envelope, money, localized text and the main resources as components', () => {
    const { schemas, responses } = document.components;
    for (const name of ['ErrorEnvelope', 'Money', 'LocalizedText', 'ListMeta', 'Product', 'Lesson', 'Order', 'User']) {
      expect(schemas).toHaveProperty(name);
    }
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['BadRequest', 'Unauthorized', 'NotFound']));
    const errors = operations.flatMap(({ operation }) =>
      Object.entries(operation.responses).filter(([status]) => status[0] === '4'),
    );
    expect(errors.filter(([, answer]) => !answer.$ref?.startsWith('#/components/responses/'))).toEqual([]);
    const product = document.paths['/api/shop/{id}']!.get!;
    expect(JSON.stringify(product.responses['200'])).toContain('"#/components/schemas/ProductDetail"');
    expect(JSON.stringify(schemas.ProductDetail)).toContain('"#/components/schemas/ProductVariant"');
  });

  it('marks the webhooks, which need no session', () => {
    const webhooks = operations.filter(({ operation }) => operation['x-webhook']);
    expect(webhooks.map(({ path }) => path).sort()).toEqual(['/api/cdek/webhook', '/api/payments/webhook/{provider}']);
    for (const { operation } of webhooks) {
      expect(operation.tags).toContain('webhooks');
      expect(operation.security).toEqual([]);
    }
  });

  it('passes Redocly’s recommended ruleset (redocly.yaml) with no error', async () => {
    const dir = mkdtempSync(join(t.dataDir, 'redocly-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, body);
    const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
    const args = [
      cli,
      'lint',
      file,
      '--config',
      join(root, 'redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '1000',
    ];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    // Exit code 1 when it finds an error: the report is read either way.
    const { stdout } = await run(process.execPath, args, { env, cwd: root, maxBuffer: 32 * 1024 * 1024 }).catch(
      (error: { stdout: string }) => error,
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('generates a typed client with openapi-typescript that compiles calls to three operations', async () => {
    const types = await generateTypes(document);
    const dir = mkdtempSync(join(packageDir, '.client-check-'));
    try {
      writeFileSync(join(dir, 'atelier-api.d.ts'), types);
      writeFileSync(
        join(dir, 'client.ts'),
        `import createClient from 'openapi-fetch';
import type { components, paths } from './atelier-api';

type Product = components['schemas']['Product'];
const api = createClient<paths>({ baseUrl: '${PUBLIC_URL}' });

export async function shopAndOrders(email: string, password: string): Promise<Product[]> {
  const login = await api.POST('/api/auth/login', { body: { email, password } });
  if (!login.data) throw new Error(login.error?.message);
  const token: string = login.data.data.token;
  const orders = await api.GET('/api/orders/user', {
    params: { query: { page: 1, limit: 10 } },
    headers: { Authorization: \`Bearer \${token}\` },
  });
  const numbers: number[] = (orders.data?.data ?? []).map((order) => order.number);
  const total: number | undefined = orders.data?.meta.total;
  const shop = await api.GET('/api/shop/{id}', { params: { path: { id: '6f1c1c1e-3a5b-4c8e-9a39-0c9b2d9a3f10' } } });
  const rub: number | undefined = shop.data?.data.price.rub;
  // @ts-expect-error a price is Money ({ rub, eur, usd }), not a string
  const wrong: string | undefined = shop.data?.data.price;
  void [numbers, total, rub, wrong];
  return shop.data ? [shop.data.data] : [];
}
`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2023',
            lib: ['ES2023', 'DOM'],
            module: 'ESNext',
            moduleResolution: 'Bundler',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: [],
          },
          files: ['client.ts'],
        }),
      );
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir }).catch(
        (error: { stdout: string; stderr: string }) => error,
      );
      expect(`${result.stdout}${result.stderr}`).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
