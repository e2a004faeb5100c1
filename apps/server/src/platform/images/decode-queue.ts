/**
 * One queue for every image decode and encode of the instance. libvips decodes on the libuv
 * threadpool and its own threads; six parallel 16 MP decodes on a 2-core machine took ~7 s each
 * and pushed `/api/health` from 21 ms to 2.7 s. Through this queue at most `concurrency` images are
 * worked on at once, at most `maxWaiting` wait behind them, and the next one is refused at once
 * with a 429 and Retry-After instead of piling up. docs/decisions/0092.
 */
import { availableParallelism } from 'node:os';
import { RateLimited } from '../errors';

export interface DecodeQueueOptions {
  /** Images worked on at once (default: the cores but one, at least 1). */
  concurrency?: number;
  /** Images that may wait for a turn; one more is refused (default 8). */
  maxWaiting?: number;
  /** Seconds a refused caller is told to wait (default 5). */
  retryAfterSeconds?: number;
}

export interface DecodeQueueStats {
  concurrency: number;
  maxWaiting: number;
  running: number;
  waiting: number;
  /** The most ever running at once (a test's instrument). */
  peakRunning: number;
  /** Calls refused because the waiting line was full. */
  refused: number;
}

export interface DecodeQueue {
  /** Runs `work` when a turn is free; throws RateLimited (429, Retry-After) when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  stats(): DecodeQueueStats;
}

export function defaultDecodeConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function createDecodeQueue(options: DecodeQueueOptions = {}): DecodeQueue {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? defaultDecodeConcurrency()));
  const maxWaiting = Math.max(0, Math.floor(options.maxWaiting ?? 8));
  const retryAfterSeconds = options.retryAfterSeconds ?? 5;
  const line: (() => void)[] = [];
  let running = 0;
  let peakRunning = 0;
  let refused = 0;

  function next() {
    const start = line.shift();
    if (start) start();
  }

  return {
    async run(work) {
      if (running >= concurrency) {
        if (line.length >= maxWaiting) {
          refused++;
          throw new RateLimited('imagesBusy', retryAfterSeconds);
        }
        // The turn is handed over by the finishing call, so `running` never goes past the limit.
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      peakRunning = Math.max(peakRunning, running);
      try {
        return await work();
      } finally {
        if (line.length > 0) next();
        else running--;
      }
    },
    stats: () => ({ concurrency, maxWaiting, running, waiting: line.length, peakRunning, refused }),
  };
}
