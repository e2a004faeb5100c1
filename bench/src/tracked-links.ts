/**
 * Links from social sites and mailings (`npm run bench -- tracked`): every click on a shared link
 * carries a click id of its own (`fbclid`, `yclid`, …), so before the page cache dropped tracking
 * parameters each one was a cache miss and a full server render. Three loads of 20 connections on
 * the seeded demo `/`, each `seconds` long after a warm-up:
 * - the bare `/` (the cache answers it): the reference;
 * - `/?fbclid=<new id every request>`: a tracked link now, answered by the same cache entry;
 * - `/?nocache=<new value every request>`: a parameter the cache keys on, so every request renders —
 *   what every tracked link cost before, measured on the same build.
 * Target: tracked links at ≥ 0.7× the bare page's throughput (they are the same cache hit).
 */
import autocannon from 'autocannon';

export const TRACKED_CONNECTIONS = 20;
export const TRACKED_MIN_RATIO = 0.7;

export interface LinkLoad {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export interface TrackedLinksBench {
  connections: number;
  bare: LinkLoad;
  tracked: LinkLoad;
  /** Every request a render: the cost of each tracked link before tracking parameters were dropped. */
  rendered: LinkLoad;
  ratio: number;
  targetMet: boolean;
}

async function load(baseUrl: string, seconds: number, path: (n: number) => string): Promise<LinkLoad> {
  let n = 0;
  const options = {
    url: baseUrl,
    connections: TRACKED_CONNECTIONS,
    headers: { accept: 'text/html' },
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (request: { path?: string }) => {
          n += 1;
          return { ...request, path: path(n) };
        },
      },
    ],
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function trackedLinksBench(baseUrl: string, seconds: number): Promise<TrackedLinksBench> {
  const first = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
  if (!(await first.text()).includes('id="ssr-state"')) throw new Error('GET / is not server-rendered');
  const run = Date.now().toString(36);
  const bare = await load(baseUrl, seconds, () => '/');
  const tracked = await load(baseUrl, seconds, (n) => `/?fbclid=IwAR${run}${n}&utm_source=facebook`);
  const rendered = await load(baseUrl, seconds, (n) => `/?nocache=${run}${n}`);
  const ratio = Math.round((tracked.requestsPerSecond / bare.requestsPerSecond) * 100) / 100;
  return {
    connections: TRACKED_CONNECTIONS,
    bare,
    tracked,
    rendered,
    ratio,
    targetMet: ratio >= TRACKED_MIN_RATIO && tracked.non2xx === 0 && tracked.errors === 0,
  };
}

export function trackedLinksRows(bench: TrackedLinksBench): [string, string][] {
  const line = (r: LinkLoad) =>
    `${r.requestsPerSecond} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${r.non2xx} non-2xx, ${r.errors} errors`;
  return [
    [`/ (cached), ${bench.connections} connections`, line(bench.bare)],
    ['/?fbclid=<new>&utm_source=… (now)', line(bench.tracked)],
    ['/?nocache=<new> (every request renders: tracked links before)', line(bench.rendered)],
    [
      `tracked links / bare page (target ≥ ${TRACKED_MIN_RATIO}×)`,
      `${bench.ratio}× — ${bench.targetMet ? 'met' : 'NOT met'}`,
    ],
  ];
}
