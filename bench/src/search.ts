/**
 * The shop search without the cache's help: 20 connections send catalogue queries that all differ
 * (a search term in ru/en/es — word forms, typos, substrings — with a price bound that changes on
 * every request), so every one misses the public read cache and runs the full-text + trigram query
 * on the embedded database. Target: p99 ≤ 30 ms.
 */
import autocannon from 'autocannon';

export const SEARCH_CONNECTIONS = 20;
export const SEARCH_MAX_P99_MS = 30;

/** What customers type: word forms, typos and fragments in the three languages. */
const TERMS = [
  'розы',
  'пион',
  'пионы',
  'букет',
  'букте',
  'брошь',
  'шёлк',
  'книга',
  'ножници',
  'roses',
  'peony',
  'bouqet',
  'brooch',
  'silk',
  'flores',
  'seda',
  'rosa',
  'ramo',
  'tijeras',
  'herramienta',
];

export interface SearchLoad {
  connections: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  targetMet: boolean;
}

export async function searchBench(baseUrl: string, seconds: number): Promise<SearchLoad> {
  let n = 0;
  const path = () => {
    n += 1;
    const term = TERMS[n % TERMS.length] ?? 'роза';
    // A different price bound each time: a URL the cache has never seen.
    return `/api/shop?search=${encodeURIComponent(term)}&minPrice=${n % 100_000}&maxPrice=1000000`;
  };
  const options = {
    url: baseUrl,
    connections: SEARCH_CONNECTIONS,
    requests: [{ method: 'GET', setupRequest: (request: { path?: string }) => ({ ...request, path: path() }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    connections: SEARCH_CONNECTIONS,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    targetMet: result.latency.p99 <= SEARCH_MAX_P99_MS && result.non2xx === 0 && result.errors + result.timeouts === 0,
  };
}
