/**
 * How reported watching becomes credited watching (docs/decisions/0044). No database, no clock:
 * callers pass `now`. Times are kept in tenths of a second (integers), so merging and measuring
 * never meet floating-point drift.
 *
 * - A report names the stretches the player played; each is clipped to the video's length, and
 *   only what no earlier report covered counts (a replayed minute is one minute).
 * - What counts is capped by a bucket per learner: it refills at the fastest playback speed the
 *   player offers (2 video seconds per wall-clock second) up to CREDIT_CAP_SECONDS, and every
 *   credited second takes one out. So a script can never be credited faster than a learner
 *   watching at 2×, however it words its reports, and idle hours do not bank a head start.
 * - The merged stretches of one lesson are at most WATCHED_INTERVALS_MAX; a report that would
 *   splinter them further is credited up to that point.
 */
import { PLAYBACK_RATES } from '@atelier/shared';

/** Video seconds credited per wall-clock second at most: the player's fastest speed. */
export const CREDIT_RATE = Math.max(...PLAYBACK_RATES);
/**
 * The bucket's size in video seconds: room for one report of a player at 2× (it reports about
 * every 5 video seconds, and on pause, seek and leaving), with slack for a slow network.
 */
export const CREDIT_CAP_SECONDS = 30;
/** Most separate watched stretches kept for one lesson. */
export const WATCHED_INTERVALS_MAX = 500;

/** `[from, to)` in tenths of a second, from < to. */
export type Interval = [number, number];

export interface Bucket {
  seconds: number;
  refilledAt: Date;
}

/** Seconds in the bucket at `now`: a learner never credited before starts with a full one. */
export function refill(bucket: Bucket | null, now: Date): number {
  if (!bucket) return CREDIT_CAP_SECONDS;
  // A clock that went backwards (another instance's) refills nothing rather than something.
  const elapsed = Math.max(0, (now.getTime() - bucket.refilledAt.getTime()) / 1000);
  return Math.min(CREDIT_CAP_SECONDS, Math.max(0, bucket.seconds) + elapsed * CREDIT_RATE);
}

/** Sorted, merged (overlapping or touching stretches become one). */
export function normalize(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Interval[] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Total length of merged intervals, in tenths. */
export function total(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, [from, to]) => sum + (to - from), 0);
}

/** The parts of `pieces` (merged) that `covered` (merged) does not cover, in order. */
export function uncovered(pieces: readonly Interval[], covered: readonly Interval[]): Interval[] {
  const result: Interval[] = [];
  for (const [from, to] of pieces) {
    let start = from;
    for (const [coverFrom, coverTo] of covered) {
      if (coverTo <= start) continue;
      if (coverFrom >= to) break;
      if (coverFrom > start) result.push([start, coverFrom]);
      start = Math.max(start, coverTo);
      if (start >= to) break;
    }
    if (start < to) result.push([start, to]);
  }
  return result;
}

/** Seconds → tenths, to the nearest tenth. */
export const toTenths = (seconds: number) => Math.round(seconds * 10);

export interface CreditResult {
  /** The lesson's watched stretches after the report. */
  watched: Interval[];
  /** Tenths of a second newly credited. */
  credited: number;
}

/**
 * Credits a report: its stretches (seconds) clipped to `durationSeconds`, minus what `watched`
 * already holds, in the order of the video, until `budgetSeconds` or the interval cap runs out.
 */
export function creditReport(
  watched: readonly Interval[],
  segments: readonly { from: number; to: number }[],
  durationSeconds: number,
  budgetSeconds: number,
  maxIntervals = WATCHED_INTERVALS_MAX,
): CreditResult {
  const end = Math.floor(durationSeconds * 10);
  const current = normalize(watched.map(([from, to]): Interval => [from, to]));
  const reported = normalize(
    segments.map(({ from, to }): Interval => [Math.max(0, toTenths(from)), Math.min(end, toTenths(to))]),
  );
  let budget = Math.max(0, Math.floor(budgetSeconds * 10));
  let result = current;
  let credited = 0;
  for (const [from, to] of uncovered(reported, current)) {
    if (budget <= 0) break;
    const take = Math.min(to - from, budget);
    const next = normalize([...result, [from, from + take]]);
    if (next.length > maxIntervals) break;
    result = next;
    budget -= take;
    credited += take;
  }
  return { watched: result, credited };
}
