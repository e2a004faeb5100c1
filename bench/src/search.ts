/**
 * The shop search without the cache's help: 20 connections send catalogue queries that all differ
 * (a search term in ru/en/es — word forms, typos, substrings — with a price bound that changes on
 * every request), so every one misses the public read cache and runs the full-text + trigram query
 * on the embedded database. A second run sends texts never seen before (one typo at a moving
 * place), so PostgreSQL reads nearly every text anew. Target: p99 ≤ 30 ms for the first.
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

/** One load: 20 connections, every URL new to the public cache. */
export interface SearchRun {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  /** Distinct search texts sent. */
  distinctTexts: number;
}

export interface SearchLoad extends SearchRun {
  connections: number;
  /** The same with a text never sent before in (almost) every request: one typo at a moving place. */
  newTexts: SearchRun;
  targetMet: boolean;
}

const LETTERS = { cyrillic: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя', latin: 'abcdefghijklmnopqrstuvwxyzñ' };

/** The n-th variant of a term: one letter replaced, the place and the letter moving with n. */
export function typoVariant(term: string, n: number): string {
  const chars = [...term];
  const letters = /[а-яё]/i.test(term) ? LETTERS.cyrillic : LETTERS.latin;
  const at = n % chars.length;
  chars[at] = letters[Math.floor(n / chars.length) % letters.length] ?? 'a';
  return chars.join('');
}

async function run(baseUrl: string, seconds: number, text: (n: number) => string): Promise<SearchRun> {
  let n = 0;
  const texts = new Set<string>();
  const path = () => {
    n += 1;
    const term = text(n);
    texts.add(term);
    // A different price bound each time: a URL the cache has never seen.
    return `/api/shop?search=${encodeURIComponent(term)}&minPrice=${n % 100_000}&maxPrice=1000000`;
  };
  const options = {
    url: baseUrl,
    connections: SEARCH_CONNECTIONS,
    requests: [{ method: 'GET', setupRequest: (request: { path?: string }) => ({ ...request, path: path() }) }],
  };
  await autocannon({ ...options, duration: 2 });
  texts.clear();
  const result = await autocannon({ ...options, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    distinctTexts: texts.size,
  };
}

const clean = (r: SearchRun) => r.latencyP99Ms <= SEARCH_MAX_P99_MS && r.non2xx === 0 && r.errors === 0;

export async function searchBench(baseUrl: string, seconds: number): Promise<SearchLoad> {
  const repeating = await run(baseUrl, seconds, (n) => TERMS[n % TERMS.length] ?? 'роза');
  const newTexts = await run(baseUrl, seconds, (n) => {
    const term = TERMS[n % TERMS.length] ?? 'роза';
    return typoVariant(term, Math.floor(n / TERMS.length));
  });
  return {
    connections: SEARCH_CONNECTIONS,
    ...repeating,
    newTexts,
    // The target is the catalogue query missing the cache; the new-texts run shows what a text
    // PostgreSQL has not read yet adds (one websearch_to_tsquery per configuration).
    targetMet: clean(repeating),
  };
}

export function searchRows(search: SearchLoad): [string, string][] {
  const line = (r: SearchRun) =>
    `${r.requestsPerSecond} req/s, p50 ${r.latencyP50Ms} ms, p99 ${r.latencyP99Ms} ms, ${r.distinctTexts} texts, ${r.non2xx} non-2xx, ${r.errors} errors`;
  return [
    ['shop search, cache misses', line(search)],
    ['shop search, every text new', line(search.newTexts)],
    [`search target (p99 ≤ ${SEARCH_MAX_P99_MS} ms)`, search.targetMet ? 'met' : 'NOT met'],
  ];
}
