/**
 * A background pass that repeats inside the server process (mail outbox, unpaid-order expiry, …):
 * one pass at a time per process, a pause between passes, a failed pass logged and tried again on
 * the next tick, and a timer that never keeps the process alive on its own. Work shared between
 * several instances is kept apart by the pass itself (row locks), not here.
 */
export interface PeriodicTask<T> {
  start(): void;
  /** Stops the timer and waits for the pass in flight, if any. */
  stop(): Promise<void>;
  /**
   * Runs one pass now, after the one in flight (tests and shutdown drains call it directly);
   * `run` replaces the pass for this call (a pass with a test's clock).
   */
  runNow(run?: () => Promise<T>): Promise<T>;
}

export interface PeriodicTaskOptions<T> {
  /** One pass; its result is handed back by runNow. */
  pass: () => Promise<T>;
  intervalMs: number;
  /** Called with the error of a failed timer-driven pass (the database may be briefly unreachable). */
  onError: (error: unknown) => void;
}

export function createPeriodicTask<T>({ pass, intervalMs, onError }: PeriodicTaskOptions<T>): PeriodicTask<T> {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  function runNow(run: () => Promise<T> = pass): Promise<T> {
    const next = inFlight.then(run, run);
    inFlight = next.catch(() => undefined);
    return next;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(async () => {
      try {
        await runNow(pass);
      } catch (error) {
        onError(error);
      }
      schedule();
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    runNow,
  };
}
