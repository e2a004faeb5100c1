/**
 * Forgot-password must not tell which addresses have an account by how long it takes
 * (`npm run bench -- forgot`, decision 0093): 20 requests for a known address and 20 for an
 * unknown one, alternated, one at a time; the medians must be within 2 ms of each other. The
 * account's work (the link, the mail) runs after the answer, so the requests are spaced by a
 * pause long enough for it to finish and not land on the next request's clock.
 */
import { setTimeout as pause } from 'node:timers/promises';

export const FORGOT_RUNS = 20;
export const FORGOT_MAX_GAP_MS = 2;

export interface ForgotBench {
  runs: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  gapMs: number;
  targetMet: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function ask(base: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`bench: forgot-password answered ${res.status}`);
  return performance.now() - started;
}

export async function forgotBench(base: string, knownEmail: string): Promise<ForgotBench> {
  const known: number[] = [];
  const unknown: number[] = [];
  // Warm-up: the first requests of a fresh process pay for compiling the code path.
  for (let i = 0; i < 5; i++) {
    await ask(base, knownEmail);
    await ask(base, 'nobody@nobody.bench.test');
    await pause(50);
  }
  for (let i = 0; i < FORGOT_RUNS; i++) {
    known.push(await ask(base, knownEmail));
    await pause(50);
    // The same unknown address each time, as the known one: both rate-limit counters exist after
    // the warm-up, so the comparison is of the accounts' work alone.
    unknown.push(await ask(base, 'nobody@nobody.bench.test'));
    await pause(50);
  }
  const knownMedianMs = Math.round(median(known) * 100) / 100;
  const unknownMedianMs = Math.round(median(unknown) * 100) / 100;
  const gapMs = Math.round(Math.abs(knownMedianMs - unknownMedianMs) * 100) / 100;
  return { runs: FORGOT_RUNS, knownMedianMs, unknownMedianMs, gapMs, targetMet: gapMs <= FORGOT_MAX_GAP_MS };
}

export function forgotRows(b: ForgotBench): [string, string][] {
  return [
    [`forgot-password, known address (median of ${b.runs})`, `${b.knownMedianMs} ms`],
    [`forgot-password, unknown address (median of ${b.runs})`, `${b.unknownMedianMs} ms`],
    [
      `gap between the medians (target ≤ ${FORGOT_MAX_GAP_MS} ms)`,
      `${b.gapMs} ms — ${b.targetMet ? 'met' : 'NOT met'}`,
    ],
  ];
}
