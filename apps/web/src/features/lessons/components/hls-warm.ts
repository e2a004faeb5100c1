/**
 * The start of an HLS lesson, fetched before hls.js is there. hls.js (115 KB) takes the longest to
 * arrive on a slow connection, and only then did it ask, one after another, for the master
 * playlist, the lowest rendition's playlist, its init segment and its first segment. Their
 * addresses follow from the master's once `/access` has answered, so `warmHls` fetches them at that
 * moment, in parallel with hls.js; `warmLoader` is hls.js's own loader, handing it what was fetched
 * (the responses are `no-store`: the browser's cache cannot) with the real timings of those fetches,
 * so its bandwidth estimate stays true. Anything not fetched, or failed, loads as before.
 */

import type { LoaderContext, LoaderStats } from 'hls.js';
import type HlsType from 'hls.js/light';

interface Fetched {
  data: string | ArrayBuffer;
  /** performance.now() when the request went out, when its headers came, when its body was in. */
  start: number;
  first: number;
  end: number;
}

/** What was fetched, by absolute URL; each is handed over once. Forgotten after two minutes. */
const warmed = new Map<string, Promise<Fetched>>();
const KEPT_MS = 120_000;

function fetchInto(url: string, kind: 'text' | 'arraybuffer'): Promise<Fetched> {
  const start = performance.now();
  const fetched = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const first = performance.now();
    const data = kind === 'text' ? await response.text() : await response.arrayBuffer();
    return { data, start, first, end: performance.now() };
  });
  warmed.set(url, fetched);
  fetched.catch(() => warmed.delete(url));
  setTimeout(() => {
    if (warmed.get(url) === fetched) warmed.delete(url);
  }, KEPT_MS);
  return fetched;
}

/** The lowest-bandwidth rendition of a master playlist (the one hls.js starts on), absolute. */
export function lowestRendition(master: string, base: string): string | null {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  let best: { bandwidth: number; uri: string } | null = null;
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Number.NaN);
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    if (!uri || Number.isNaN(bandwidth)) return;
    if (!best || bandwidth < best.bandwidth) best = { bandwidth, uri };
  });
  const chosen = best as { bandwidth: number; uri: string } | null;
  return chosen ? new URL(chosen.uri, base).href : null;
}

/** What a rendition's playback needs first: its init segment (fMP4) and its first segment, absolute. */
export function firstSegments(playlist: string, base: string): string[] {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  const map = lines.find((line) => line.startsWith('#EXT-X-MAP:'));
  const init = map ? /URI="([^"]+)"/.exec(map)?.[1] : undefined;
  const first = lines.find((line) => line !== '' && !line.startsWith('#'));
  return [init, first].filter((uri): uri is string => Boolean(uri)).map((uri) => new URL(uri, base).href);
}

/** Starts fetching the master playlist and what the lowest rendition plays first. */
export function warmHls(masterUrl: string): void {
  const master = new URL(masterUrl, window.location.href).href;
  if (warmed.has(master)) return;
  fetchInto(master, 'text')
    .then(({ data }) => {
      const rendition = lowestRendition(data as string, master);
      if (!rendition) return;
      return fetchInto(rendition, 'text').then(({ data: playlist }) => {
        for (const url of firstSegments(playlist as string, rendition)) fetchInto(url, 'arraybuffer');
      });
    })
    .catch(() => undefined);
}

/** The part of hls.js's default loader this one reads and calls. */
interface LoaderInternals {
  context: LoaderContext | null;
  stats: LoaderStats;
  callbacks: {
    onSuccess: (response: { url: string; data: string | ArrayBuffer; code: number }, ...rest: unknown[]) => void;
  } | null;
  loadInternal(): void;
}

/** hls.js's default loader, answering from what `warmHls` fetched when it has it. */
export function warmLoader(Hls: typeof HlsType): typeof HlsType.DefaultConfig.loader {
  const Base = Hls.DefaultConfig.loader as unknown as new (config: unknown) => LoaderInternals;
  class WarmLoader extends Base {
    override loadInternal(): void {
      const context = this.context;
      const ready = context ? warmed.get(context.url) : undefined;
      if (!context || !ready) {
        super.loadInternal();
        return;
      }
      warmed.delete(context.url);
      ready.then(
        (got) => {
          if (this.context !== context || this.stats.aborted) return;
          const stats = this.stats;
          const length = typeof got.data === 'string' ? got.data.length : got.data.byteLength;
          stats.loading.start = Math.min(stats.loading.start, got.start);
          stats.loading.first = got.first;
          stats.loading.end = Math.max(got.end, got.first);
          stats.loaded = length;
          stats.total = length;
          stats.bwEstimate = (length * 8000) / Math.max(1, stats.loading.end - stats.loading.first);
          this.callbacks?.onSuccess({ url: context.url, data: got.data, code: 200 }, stats, context, null);
        },
        () => {
          if (this.context === context && !this.stats.aborted) super.loadInternal();
        },
      );
    }
  }
  return WarmLoader as unknown as typeof HlsType.DefaultConfig.loader;
}
