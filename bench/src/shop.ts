/**
 * The shop throughput comparison: GET /api/shop?limit=24 against the constant-JSON floor,
 * in interleaved rounds. This machine is shared (other processes come and go), so running one
 * target for 10 s and then the other measured the load of the moment as much as the servers;
 * alternating short rounds (and which goes first) gives both the same conditions.
 */
import autocannon, { type Result } from 'autocannon';

export const SHOP_CONNECTIONS = 50;
export const SHOP_MIN_RATIO = 0.7;
export const SHOP_MAX_P99_MS = 25;
const ROUND_SECONDS = 2;

export interface Load {
  url: string;
  bodyBytes: number;
  rounds: number;
  /** All requests of all rounds over all round time. */
  requestsPerSecond: number;
  /** Median over the rounds of each round's percentile (autocannon gives no raw latencies). */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** The worst round's p99, for the record. */
  latencyP99WorstMs: number;
  non2xx: number;
  errors: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function summarize(url: string, bodyBytes: number, results: Result[]): Load {
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  return {
    url,
    bodyBytes,
    rounds: results.length,
    requestsPerSecond: Math.round(requests / seconds),
    latencyP50Ms: median(results.map((r) => r.latency.p50)),
    latencyP99Ms: median(results.map((r) => r.latency.p99)),
    latencyP99WorstMs: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

/** `seconds` of load per target, in alternating rounds after a warm-up of each. */
export async function shopVersusConstant(
  shopUrl: string,
  constantUrl: string,
  bodyBytes: number,
  seconds: number,
): Promise<{ shop: Load; constant: Load; ratio: number; targetsMet: boolean }> {
  const run = (url: string, duration: number) => autocannon({ url, connections: SHOP_CONNECTIONS, duration });
  await run(shopUrl, 2);
  await run(constantUrl, 2);
  const rounds = Math.max(2, Math.round(seconds / ROUND_SECONDS));
  const shopResults: Result[] = [];
  const constantResults: Result[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      shopResults.push(await run(shopUrl, ROUND_SECONDS));
      constantResults.push(await run(constantUrl, ROUND_SECONDS));
    } else {
      constantResults.push(await run(constantUrl, ROUND_SECONDS));
      shopResults.push(await run(shopUrl, ROUND_SECONDS));
    }
  }
  const shop = summarize(shopUrl, bodyBytes, shopResults);
  const constant = summarize(constantUrl, bodyBytes, constantResults);
  const ratio = Math.round((shop.requestsPerSecond / constant.requestsPerSecond) * 100) / 100;
  const targetsMet =
    ratio >= SHOP_MIN_RATIO && shop.latencyP99Ms <= SHOP_MAX_P99_MS && shop.non2xx === 0 && shop.errors === 0;
  return { shop, constant, ratio, targetsMet };
}
