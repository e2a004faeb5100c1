/**
 * `npm run bench` (after `npm run build`): one run on this machine, printed as a table and written
 * to bench/results.json.
 *
 * 1. Cold start, first ever: a fresh DATA_DIR (PGlite create + migrate + demo seed) to the first
 *    200 of GET /api/health.
 * 2. Cold start, again: the same, already seeded DATA_DIR after a clean stop.
 * 3. Throughput and p99 latency of GET /api/shop?limit=24 against a constant-JSON route serving a
 *    body of the same size. The constant route is a separate minimal Fastify process (no plugins,
 *    no hooks, the body pre-read into memory), not a static file under /uploads: a file route
 *    would add disk reads and range/ETag handling of its own, while a bare Fastify route answering
 *    fixed bytes is the floor any JSON endpoint on this stack can reach, so the ratio reads as
 *    "what the app's whole pipeline (security headers, request ids, access checks, the public
 *    read cache, serialization) costs". autocannon: 50 connections, 10 s each in interleaved 2 s
 *    rounds after a warm-up (see shop.ts), 127.0.0.1 only, no compression (no Accept-Encoding).
 * 4. Idle RSS of the server process after that warm-up and load, from /proc/<pid>/status VmRSS.
 * 5. Server-rendered pages: the cached `/` against the constant floor serving the same bytes, and
 *    the JS of `/` and `/shop` before the load event (first paint) and until the page is hydrated;
 *    see pages.ts.
 * 6. POST /api/orders on PGlite (target: ≥ 200 orders/s, no errors): one verified customer, each
 *    request a full checkout (DB pricing, delivery, order + line + history rows, outbox mail) of a
 *    made-to-order product; see ordersBench below.
 * 7. Lesson video: the protected, signed-URL video endpoint against plain static serving of
 *    the same file, and a mid-file Range request's time to first byte; see video.ts.
 * 8. Shop search on the embedded database with every query a cache miss (ru/en/es word forms,
 *    typos; a price bound that changes per request); see search.ts.
 * 9. Several instances: the lesson video through the S3 driver vs from disk, and POST /api/orders
 *    on PostgreSQL with two instances vs one; see scale.ts.
 * 10. A 300 MB lesson video upload: time, MB/s and the server's RSS before and at its peak (the
 *    file is streamed to storage, so the RSS may grow by at most 64 MiB); see upload.ts.
 *
 * `npm run bench -- upload` (or `lighthouse`, `pages`, `inp` or `search`) runs that section alone (one server start)
 * and updates only its entry in bench/results.json. `npm run bench -- start` times a first start on an
 * empty DATA_DIR against its target, `npm run bench -- auth` one registration and one login; see start.ts.
 * `npm run bench -- tracked` (not part of the full run) measures links with tracking parameters
 * against the bare page and against a render per request; see tracked-links.ts.
 * `npm run bench -- images` (not part of the full run) fires 10 parallel 16 MP uploads and measures
 * `/api/health` and refused customer uploads meanwhile; see images.ts. `npm run bench -- forgot`
 * compares forgot-password for a known and an unknown address; see forgot-password.ts.
 *
 * `npm run bench -- hls` (needs ffmpeg; not part of the full run, which keeps HLS off) measures
 * adaptive streaming: transcode time per minute of video, time to first frame with HLS vs MP4 on a
 * throttled connection, bytes of the first 30 s at 360p vs the MP4; see hls.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { orderBody, verifiedUser } from '../../e2e/src/api';
import { freePort, makeDataDir, removeDir, type ServerProcess, snapshotBuild, startServer } from '../../e2e/src/server';
import { forgotBench, forgotRows } from './forgot-password';
import { hlsBench, hlsRows } from './hls';
import { imagesBench, imagesRows } from './images';
import { inpBench, inpRows } from './inp';
import { lighthouseBench, lighthouseRows } from './lighthouse';
import { pagesBench, pagesRows } from './pages';
import { RELAY_MAX_MS, scaleBench } from './scale';
import { SEARCH_CONNECTIONS, searchBench, searchRows } from './search';
import { SHOP_CONNECTIONS, SHOP_MAX_P99_MS, SHOP_MIN_RATIO, shopVersusConstant } from './shop';
import { authBench, authRows, startResult, startRows } from './start';
import { TRACKED_CONNECTIONS, trackedLinksBench, trackedLinksRows } from './tracked-links';
import { UPLOAD_MAX_RSS_GROWTH_MIB, type UploadBench, uploadBench } from './upload';
import { VIDEO_MAX_TTFB_MS, VIDEO_MIN_RATIO, videoBench } from './video';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, '../results.json');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** The video section uploads its file as this admin, ensured at the second start. */
const BENCH_ADMIN = { email: 'bench-admin@bench.test', password: 'bench-admin-password' };

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

async function startConstantServer(body: Buffer, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const file = join(dir, 'constant.json');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(process.execPath, [join(HERE, 'constant-server.mjs'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`constant server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/constant`, child };
}

async function main(): Promise<void> {
  const buildDir = makeDataDir('atelier-bench-build-');
  const dataDir = makeDataDir('atelier-bench-');
  const main = snapshotBuild(buildDir);
  const children: ChildProcess[] = [];
  let server: ServerProcess | undefined;
  try {
    console.log('bench: first start on a fresh DATA_DIR (create, migrate, seed)…');
    server = await startServer({ main, dataDir, logLevel: 'warn', asNpmStart: true }, 180_000);
    const coldSeedMs = Math.round(server.readyMs ?? Number.NaN);
    const stopped = await server.stop('SIGTERM');
    if (stopped !== 0) throw new Error(`server did not stop cleanly (${stopped})`);

    console.log('bench: second start on the seeded DATA_DIR…');
    server = await startServer({
      main,
      dataDir,
      logLevel: 'warn',
      asNpmStart: true,
      // One bench customer places thousands of unpaid orders: lift the per-customer limit for it.
      env: {
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        MAX_OPEN_UNPAID_ORDERS: '1000000',
        UNPAID_HOLD_UNITS_PER_PRODUCT: '1000000',
        UNPAID_HOLD_MAX_RUB: '100000000',
      },
    });
    const coldMs = Math.round(server.readyMs ?? Number.NaN);

    const shopUrl = `${server.url}/api/shop?limit=24`;
    const shopRes = await fetch(shopUrl);
    if (shopRes.status !== 200) throw new Error(`GET /api/shop?limit=24 answered ${shopRes.status}`);
    const shopBody = Buffer.from(await shopRes.arrayBuffer());
    const constant = await startConstantServer(shopBody, dataDir);
    children.push(constant.child);

    console.log(
      `bench: GET /api/shop?limit=24 (${shopBody.length} bytes) vs constant JSON, ${DURATION_S} s each, interleaved…`,
    );
    const shopLoad = await shopVersusConstant(shopUrl, constant.url, shopBody.length, DURATION_S);
    const { shop, constant: floor } = shopLoad;
    constant.child.kill('SIGTERM');

    await new Promise((r) => setTimeout(r, 3_000));
    const idleRssMiB = rssMiB(server.child.pid ?? -1);

    console.log('bench: the cached server-rendered / vs a constant body; the JS of / and /shop in Chromium…');
    const pages = await pagesBench(server.url, (body) => constantFor(body, dataDir, children), DURATION_S);

    console.log('bench: Lighthouse (mobile, best of 3) on /, /shop, /training, a lesson and a product page…');
    const lighthousePages = await lighthouseBench(server.url);

    console.log(`bench: shop search, every query a cache miss, ${SEARCH_CONNECTIONS} connections, ${DURATION_S} s…`);
    const search = await searchBench(server.url, DURATION_S);

    console.log(`bench: POST /api/orders, ${DURATION_S} s…`);
    const orders = await ordersBench(server.url);

    console.log('bench: protected lesson video vs static file, mid-file Range TTFB…');
    const video = await videoBench(server.url, BENCH_ADMIN, dataDir, DURATION_S);

    const scale = await scaleBench({ main, diskBaseUrl: server.url, admin: BENCH_ADMIN, seconds: DURATION_S });

    console.log('bench: a 300 MB lesson video upload…');
    const upload = await uploadBench(server.url, server.child.pid ?? -1, BENCH_ADMIN);

    const results = {
      date: new Date().toISOString(),
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      load: { connections: SHOP_CONNECTIONS, durationSeconds: DURATION_S, shop, constant: floor },
      shopToConstantRatio: shopLoad.ratio,
      coldStartMs: { firstStartWithSeed: coldSeedMs, seededDataDir: coldMs },
      idleRssMiB,
      pages,
      lighthouse: lighthousePages,
      search,
      video,
      orders,
      scale,
      upload,
    };
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

    const rows: [string, string][] = [
      [
        'GET /api/shop?limit=24',
        `${shop.requestsPerSecond} req/s, p99 ${shop.latencyP99Ms} ms (worst round ${shop.latencyP99WorstMs})`,
      ],
      [
        'constant JSON, same size',
        `${floor.requestsPerSecond} req/s, p99 ${floor.latencyP99Ms} ms (worst round ${floor.latencyP99WorstMs})`,
      ],
      ['ratio shop / constant', `${results.shopToConstantRatio}`],
      ['response body', `${shopBody.length} bytes`],
      ['cold start, first (seeding)', `${coldSeedMs} ms`],
      ...startRows(startResult(coldSeedMs)),
      ['cold start, seeded DATA_DIR', `${coldMs} ms`],
      ['idle RSS after load', `${idleRssMiB} MiB`],
      ...pagesRows(pages),
      [
        'POST /api/orders (PGlite)',
        `${orders.ordersPerSecond} orders/s, p99 ${orders.latencyP99Ms} ms, ${orders.created} created, ${orders.non2xx} non-2xx, ${orders.errors} errors`,
      ],
      ['orders target (≥ 200/s, no errors)', ordersTargetMet(orders) ? 'met' : 'NOT met'],
      ...searchRows(search),
    ];
    rows.splice(3, 0, [
      `shop target (≥ ${SHOP_MIN_RATIO}×, p99 ≤ ${SHOP_MAX_P99_MS} ms)`,
      shopLoad.targetsMet ? 'met' : `NOT met (ratio ${shopLoad.ratio}, p99 ${shop.latencyP99Ms} ms)`,
    ]);
    rows.push(
      [
        'lesson video, protected / static',
        `${video.protectedMiBps} / ${video.staticMiBps} MiB/s (${video.ratio}×), ${video.connections} connections`,
      ],
      ['mid-file Range TTFB p50 / p95', `${video.rangeTtfbP50Ms} / ${video.rangeTtfbP95Ms} ms`],
      [`video target (≥ ${VIDEO_MIN_RATIO}×, p95 ≤ ${VIDEO_MAX_TTFB_MS} ms)`, video.targetsMet ? 'met' : 'NOT met'],
      [
        'lesson video, S3 driver / disk',
        `${scale.s3Video.s3MiBps} / ${scale.s3Video.diskMiBps} MiB/s (${scale.s3Video.ratio}×)`,
      ],
      [
        'mid-file Range TTFB p50/p95, S3 | disk',
        `${scale.s3Video.s3RangeTtfbP50Ms} / ${scale.s3Video.s3RangeTtfbP95Ms} ms | ${scale.s3Video.diskRangeTtfbP50Ms} / ${scale.s3Video.diskRangeTtfbP95Ms} ms`,
      ],
      [
        'POST /api/orders (PostgreSQL) 1 → 2 inst.',
        'skipped' in scale.postgresOrders
          ? scale.postgresOrders.skipped
          : `${scale.postgresOrders.oneInstancePerSecond} → ${scale.postgresOrders.twoInstancesPerSecond} orders/s (${scale.postgresOrders.ratio}×), p99 ${scale.postgresOrders.oneInstanceP99Ms} → ${scale.postgresOrders.twoInstancesP99Ms} ms, ${scale.postgresOrders.non2xx} non-2xx, ${scale.postgresOrders.errors} errors`,
      ],
      [
        `cache relay A → B, p50 / slowest (≤ ${RELAY_MAX_MS} ms)`,
        'skipped' in scale.postgresOrders
          ? scale.postgresOrders.skipped
          : `${scale.postgresOrders.relayP50Ms} / ${scale.postgresOrders.relayMaxMs} ms — ${scale.postgresOrders.relayMaxMs <= RELAY_MAX_MS ? 'met' : 'NOT met'}`,
      ],
      ...uploadRows(upload),
      ...lighthouseRows(lighthousePages),
    );
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nAtelier bench (shop: ${SHOP_CONNECTIONS} connections, ${DURATION_S} s each, 127.0.0.1)`);
    for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
    if (shop.non2xx || shop.errors || floor.non2xx || floor.errors) {
      console.log(
        `  warning: non-2xx/errors shop ${shop.non2xx}/${shop.errors}, constant ${floor.non2xx}/${floor.errors}`,
      );
    }
    console.log(`\nwrote ${RESULTS}`);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await server?.stop('SIGTERM');
    removeDir(dataDir);
    removeDir(buildDir);
  }
}

const sections = process.argv.slice(2);
if (sections.length === 0) await main();
else if (sections.length === 1 && sections[0] === 'upload') await uploadOnly();
else if (sections.length === 1 && sections[0] === 'lighthouse') await lighthouseOnly();
else if (sections.length === 1 && sections[0] === 'pages') await pagesOnly();
else if (sections.length === 1 && sections[0] === 'search') await searchOnly();
else if (sections.length === 1 && sections[0] === 'hls') await hlsOnly();
else if (sections.length === 1 && sections[0] === 'inp') await inpOnly();
else if (sections.length === 1 && sections[0] === 'start') await startOnly();
else if (sections.length === 1 && sections[0] === 'auth') await authOnly();
else if (sections.length === 1 && sections[0] === 'tracked') await trackedOnly();
else if (sections.length === 1 && sections[0] === 'images') await imagesOnly();
else if (sections.length === 1 && sections[0] === 'forgot') await forgotOnly();
else {
  throw new Error(
    `unknown bench section(s) ${sections.join(' ')}: run all of them, or \`upload\`, \`lighthouse\`, \`pages\`, \`inp\`, \`search\`, \`hls\`, \`start\`, \`auth\`, \`tracked\`, \`images\` or \`forgot\` alone`,
  );
}

function uploadRows(upload: UploadBench): [string, string][] {
  return [
    [
      `lesson video upload (${upload.fileMiB} MiB)`,
      `${upload.seconds} s, ${upload.mibPerSecond} MiB/s; server RSS ${upload.rssBeforeMiB} → peak ${upload.rssPeakMiB} MiB`,
    ],
    [`upload target (RSS growth < ${UPLOAD_MAX_RSS_GROWTH_MIB} MiB)`, upload.targetMet ? 'met' : 'NOT met'],
  ];
}

/** Section 10 alone. */
async function uploadOnly(): Promise<void> {
  await sectionOnly('upload', false, async (server) => {
    console.log('bench: a 300 MB lesson video upload…');
    const upload = await uploadBench(server.url, server.child.pid ?? -1, BENCH_ADMIN);
    return { entry: upload, rows: uploadRows(upload), met: upload.targetMet };
  });
}

/** Lighthouse alone, on the seeded demo shop. */
async function lighthouseOnly(): Promise<void> {
  await sectionOnly('lighthouse', true, async (server) => {
    console.log('bench: Lighthouse (mobile, best of 3) on /, /shop, /training and a lesson page…');
    const pages = await lighthouseBench(server.url);
    return { entry: pages, rows: lighthouseRows(pages), met: pages.every((page) => page.targetsMet) };
  });
}

/** INP of the shop filter and add to cart alone, on the seeded demo shop. */
async function inpOnly(): Promise<void> {
  await sectionOnly('inp', true, async (server) => {
    console.log('bench: INP of the shop filter and add to cart, 360 px, CPU 4× slower…');
    const inp = await inpBench(server.url);
    return { entry: inp, rows: inpRows(inp), met: inp.targetsMet };
  });
}

/** Server-rendered pages alone, on the seeded demo shop. */
async function pagesOnly(): Promise<void> {
  await sectionOnly('pages', true, async (server, dataDir) => {
    console.log('bench: the cached server-rendered / vs a constant body; the JS of / and /shop in Chromium…');
    const children: ChildProcess[] = [];
    const pages = await pagesBench(server.url, (body) => constantFor(body, dataDir, children), DURATION_S);
    return { entry: pages, rows: pagesRows(pages), met: pages.ratioTargetMet && pages.firstPaintTargetMet };
  });
}

/** Links with tracking parameters (a click id each) against the bare page, on the seeded demo shop. */
async function trackedOnly(): Promise<void> {
  await sectionOnly('tracked', true, async (server) => {
    console.log(
      `bench: / with and without tracking parameters, ${TRACKED_CONNECTIONS} connections, ${DURATION_S} s each…`,
    );
    const tracked = await trackedLinksBench(server.url, DURATION_S);
    return { entry: tracked, rows: trackedLinksRows(tracked), met: tracked.targetMet };
  });
}

/** The shop search without the cache, on the seeded demo shop. */
async function searchOnly(): Promise<void> {
  await sectionOnly('search', true, async (server) => {
    console.log(`bench: shop search, every query a cache miss, ${SEARCH_CONNECTIONS} connections, ${DURATION_S} s…`);
    const search = await searchBench(server.url, DURATION_S);
    return { entry: search, rows: searchRows(search), met: search.targetMet };
  });
}

/** A newcomer's first start: an empty DATA_DIR, created, migrated and seeded, to the first answer. */
async function startOnly(): Promise<void> {
  await sectionOnly('start', true, async (server) => {
    const start = startResult(server.readyMs ?? Number.NaN);
    return { entry: start, rows: startRows(start), met: start.targetMet };
  });
}

/** One registration and one login at a time, at the production scrypt cost. */
async function authOnly(): Promise<void> {
  await sectionOnly(
    'auth',
    false,
    async (server) => {
      console.log('bench: registration and login, one at a time…');
      const auth = await authBench(server.url, BENCH_ADMIN);
      return { entry: auth, rows: authRows(auth), met: auth.targetMet };
    },
    { RATE_LIMIT_AUTH_PER_IP: '1000', SIGNUPS_PER_IP_PER_DAY: '100000' },
  );
}

/** Ten parallel 16 MP uploads: /api/health and refused customer uploads meanwhile (decision 0092). */
async function imagesOnly(): Promise<void> {
  await sectionOnly(
    'images',
    false,
    async (server) => {
      console.log('bench: 10 parallel 16 MP uploads, /api/health and refused customer photos meanwhile…');
      const images = await imagesBench(server.url, BENCH_ADMIN);
      return { entry: images, rows: imagesRows(images), met: images.targetsMet };
    },
    {
      RATE_LIMIT_AUTH_PER_IP: '100000',
      RATE_LIMIT_REVIEWS_PER_ACCOUNT: '100000',
      RATE_LIMIT_UPLOADS_PER_ACCOUNT: '100000',
      RATE_LIMIT_UPLOADS_PER_IP: '100000',
    },
  );
}

/** Forgot-password for a known and an unknown address: the same time (decision 0093). */
async function forgotOnly(): Promise<void> {
  await sectionOnly(
    'forgot',
    false,
    async (server) => {
      console.log('bench: forgot-password, known and unknown addresses alternated, one at a time…');
      const forgot = await forgotBench(server.url, BENCH_ADMIN.email);
      return { entry: forgot, rows: forgotRows(forgot), met: forgot.targetMet };
    },
    { RATE_LIMIT_AUTH_PER_IP: '100000', RATE_LIMIT_MAIL_PER_ACCOUNT: '100000' },
  );
}

/** The constant-body floor for `body`, stopped by the caller (and killed with `children` at the end). */
async function constantFor(body: Buffer, dir: string, children: ChildProcess[]) {
  const constant = await startConstantServer(body, dir);
  children.push(constant.child);
  return { url: constant.url, stop: () => constant.child.kill('SIGTERM') };
}

/** Adaptive streaming (HLS on; ffmpeg needed), printed against its targets (see hls.ts). */
async function hlsOnly(): Promise<void> {
  await sectionOnly(
    'hls',
    false,
    async (server, dataDir) => {
      const hls = await hlsBench(server.url, BENCH_ADMIN, dataDir);
      return { entry: hls, rows: hlsRows(hls), met: hls.targetsMet };
    },
    { HLS: 'auto' },
  );
}

/** One section on one start of a fresh DATA_DIR; results.json keeps the other sections' figures. */
async function sectionOnly(
  name: string,
  seedDemo: boolean,
  run: (server: ServerProcess, dataDir: string) => Promise<{ entry: unknown; rows: [string, string][]; met: boolean }>,
  env: Record<string, string> = {},
): Promise<void> {
  const buildDir = makeDataDir('atelier-bench-build-');
  const dataDir = makeDataDir('atelier-bench-');
  let server: ServerProcess | undefined;
  try {
    server = await startServer(
      {
        main: snapshotBuild(buildDir),
        dataDir,
        seedDemo,
        logLevel: 'warn',
        asNpmStart: true,
        env: { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, ...env },
      },
      180_000,
    );
    const { entry, rows, met } = await run(server, dataDir);
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nAtelier bench (${name} only, 127.0.0.1)`);
    for (const [key, value] of rows) console.log(`  ${key.padEnd(width)}  ${value}`);
    const previous = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
    const stamped = Array.isArray(entry) ? entry : { date: new Date().toISOString(), ...(entry as object) };
    writeFileSync(RESULTS, `${JSON.stringify({ ...previous, [name]: stamped }, null, 2)}\n`);
    console.log(`\nwrote the ${name} entry of ${RESULTS}`);
    if (!met) process.exitCode = 1;
  } finally {
    await server?.stop('SIGTERM');
    removeDir(dataDir);
    removeDir(buildDir);
  }
}

// ---- POST /api/orders (owner: orders feature)

/** The orders target: ≥ 200 orders/s on the embedded database with no errors. (Functions, not consts: main() runs above.) */
function ordersTargetMet(orders: OrdersLoad): boolean {
  return orders.ordersPerSecond >= 200 && orders.non2xx === 0 && orders.errors === 0;
}

interface OrdersLoad {
  connections: number;
  ordersPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  created: number;
  non2xx: number;
  errors: number;
}

async function ordersBench(baseUrl: string): Promise<OrdersLoad> {
  const connections = 20;
  const { token } = await verifiedUser(baseUrl, `bench-${Date.now()}@bench.test`);
  const shop = (await (await fetch(`${baseUrl}/api/shop?limit=100`)).json()) as {
    data: { id: string; availability: string; stock: number | null; category: string }[];
  };
  // Made to order (stock not counted): every order succeeds, so the figure is checkout work, not 409s.
  const product = shop.data.find((p) => p.availability === 'on_order' && p.category !== 'book');
  if (!product) throw new Error('bench: the demo catalogue has no made-to-order product');
  const body = JSON.stringify({
    ...orderBody([{ type: 'product', id: product.id, quantity: 1 }], 'bench-buyer@bench.test'),
    paymentMethod: 'cash',
  });
  const options = {
    url: `${baseUrl}/api/orders`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
    connections,
  };
  await autocannon({ ...options, duration: 2 });
  const result: Result = await autocannon({ ...options, duration: DURATION_S });
  return {
    connections,
    ordersPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    created: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
