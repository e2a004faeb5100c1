/**
 * The jobs runtime: every piece of background work of the server (the mail outbox, unpaid-order
 * expiry, reminders, deliveries, receipts, parcel polling, transcodes, backups) is a job here, kept
 * in the `jobs` table so that it is shared safely by several instances on one PostgreSQL and
 * survives a crash (decision 0076).
 *
 *  - A recurring job has one row (its name, key ''), due again `everyMs` after each run.
 *  - A queued job is one row per `enqueue`, written in the caller's transaction (it exists iff the
 *    change that asked for it committed), deleted once its handler succeeded.
 *
 * An instance claims due rows in one statement with FOR UPDATE SKIP LOCKED (of several instances
 * exactly one gets a row) and holds them by a lease, renewed while the handler runs; no transaction
 * stays open during a handler, so the embedded database's single connection is never held. A row
 * whose lease ran out (its instance stopped or died) is due again and taken by whichever instance
 * polls next — delivery is at least once, so handlers keep their own idempotency. A failed run is
 * tried again after a backoff; a queued job out of attempts stays `failed` with its error, and so
 * does the last error of a recurring job until it succeeds again (`failures()`).
 *
 * Each job polls on its own timer (which never keeps the process alive), runs at most `concurrency`
 * handlers at a time in this process, and `stop()` waits for every handler in flight (they are told
 * through their `signal`). Time comes from the injected clock: tests call `runDue()` with a clock of
 * their own instead of waiting for timers.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs } from '../../db/schema';

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobContext<P> {
  payload: P;
  /** The time of the claim, on the runtime's clock (passes use it as their "now"). */
  now: Date;
  /** 1 on the first run of a queued job (a recurring job counts its runs since its last success). */
  attempt: number;
  /** Aborted when the runtime stops or this instance lost the job's lease. */
  signal: AbortSignal;
}

interface CommonDefinition {
  name: string;
  /** How long a claim holds the job without a renewal; renewed every third of it while running. */
  leaseMs?: number;
  /** Handlers of this job in flight at once in this process. */
  concurrency?: number;
  /** Runs once in `start()` before the first claim (a feature tidying its own rows). */
  onStart?: () => Promise<void>;
}

export interface RecurringDefinition extends CommonDefinition {
  everyMs: number;
  handler: (context: JobContext<undefined>) => Promise<unknown>;
}

export interface QueueDefinition<P> extends CommonDefinition {
  handler: (context: JobContext<P>) => Promise<unknown>;
  /** Runs before a job is left `failed`. */
  maxAttempts?: number;
  /** Delay before the next try, given the tries so far. */
  backoffMs?: (attempts: number) => number;
  /** Pause between polls. */
  pollMs?: number;
}

export interface Queue<P> {
  /**
   * Queues a job in the caller's transaction (or directly on the database); with a `key`, a job
   * of that key already waiting is kept and null is returned.
   */
  enqueue(q: Db | Tx, payload: P, options?: { key?: string; runAt?: Date }): Promise<string | null>;
}

export interface JobFailure {
  name: string;
  key: string;
  state: 'queued' | 'running' | 'failed';
  attempts: number;
  error: string;
  /**
   * A queued job: when it was left failed for good, or null while it is still being retried. A
   * recurring job: when its current run of failures began.
   */
  failedAt: Date | null;
  updatedAt: Date;
}

export interface JobRuntimeOptions {
  db: Db;
  log: JobLog;
  /**
   * True when no other process can share the database (PGlite behind the DATA_DIR lock): a job
   * still marked running at start was cut short by this process's own crash and is due at once.
   */
  singleProcess: boolean;
  now?: () => Date;
}

interface Definition {
  name: string;
  recurring: boolean;
  everyMs: number;
  leaseMs: number;
  concurrency: number;
  maxAttempts: number;
  pollMs: number;
  backoffMs: (attempts: number) => number;
  handler: (context: JobContext<unknown>) => Promise<unknown>;
  onStart?: () => Promise<void>;
  running: number;
}

type JobRow = Pick<typeof jobs.$inferSelect, 'id' | 'key' | 'payload' | 'attempts' | 'lockedBy'>;

/** Short enough that work held by an instance that died is taken up again within half a minute. */
const DEFAULT_LEASE_MS = 30_000;
/** The longest a failing recurring job waits before its next try. */
const RECURRING_BACKOFF_CAP_MS = 60_000;

/** 30 s, 1 min, 2 min, … capped at 1 h. */
export function exponentialBackoff(baseMs: number, capMs: number): (attempts: number) => number {
  return (attempts) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), capMs);
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

class LeaseLost extends Error {}

export function createJobRuntime(options: JobRuntimeOptions) {
  const { db, log, singleProcess } = options;
  const clock = options.now ?? (() => new Date());
  const instance = randomUUID();
  const definitions = new Map<string, Definition>();
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let started = false;
  let stopping = false;

  function define(definition: Definition) {
    if (started) throw new Error(`job ${definition.name} registered after start`);
    if (definitions.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
    definitions.set(definition.name, definition);
  }

  /** Takes up to `limit` due rows of one job (queued and due, or running with its lease run out). */
  async function claim(def: Definition, limit: number): Promise<JobRow[]> {
    if (limit <= 0) return [];
    const now = clock();
    const token = `${instance}:${randomUUID()}`;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.name, def.name),
          or(
            and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
            and(eq(jobs.state, 'running'), lt(jobs.leaseUntil, now)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: 'running',
        lockedBy: token,
        leaseUntil: new Date(now.getTime() + def.leaseMs),
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: now,
      })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        key: jobs.key,
        payload: jobs.payload,
        attempts: jobs.attempts,
        lockedBy: jobs.lockedBy,
      });
  }

  /** The row while this claim still holds it. */
  const held = (row: JobRow) => and(eq(jobs.id, row.id), eq(jobs.lockedBy, row.lockedBy!));

  async function renew(def: Definition, row: JobRow): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set({ leaseUntil: new Date(clock().getTime() + def.leaseMs) })
      .where(held(row))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async function succeeded(def: Definition, row: JobRow): Promise<void> {
    const now = clock();
    if (!def.recurring) {
      await db.delete(jobs).where(held(row));
      return;
    }
    await db
      .update(jobs)
      .set({
        state: 'queued',
        runAt: new Date(now.getTime() + def.everyMs),
        leaseUntil: null,
        lockedBy: null,
        attempts: 0,
        lastError: null,
        failedAt: null,
        updatedAt: now,
      })
      .where(held(row));
  }

  async function failed(def: Definition, row: JobRow, error: string): Promise<void> {
    const now = clock();
    const final = !def.recurring && row.attempts >= def.maxAttempts;
    await db
      .update(jobs)
      .set({
        state: final ? 'failed' : 'queued',
        runAt: new Date(now.getTime() + def.backoffMs(row.attempts)),
        leaseUntil: null,
        lockedBy: null,
        lastError: error,
        // A queued job: when it gave up. A recurring job: when its current run of failures began
        // (kept until it succeeds), so the admin sees since when it fails.
        failedAt: final ? now : def.recurring ? sql`coalesce(${jobs.failedAt}, ${now})` : null,
        updatedAt: now,
      })
      .where(held(row));
    const fields = { job: def.name, key: row.key || undefined, attempts: row.attempts, err: error };
    if (final) log.error(fields, 'background job failed for good');
    else log.warn(fields, 'background job failed; it will be tried again');
  }

  /** Runs one claimed row to its end and records the outcome. */
  async function execute(def: Definition, row: JobRow, now: Date): Promise<void> {
    const controller = new AbortController();
    controllers.add(controller);
    if (stopping) controller.abort();
    let renewing = Promise.resolve();
    const heartbeat = setInterval(
      () => {
        renewing = renewing
          .then(async () => {
            if (!(await renew(def, row))) controller.abort(new LeaseLost());
          })
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(def.leaseMs / 3)),
    );
    heartbeat.unref();
    def.running += 1;
    try {
      let outcome: { error: string } | null = null;
      if (!def.recurring && row.attempts > def.maxAttempts) {
        // Claimed again after every try ended with its instance gone: it is not run once more.
        outcome = { error: 'stopped before finishing on every try' };
      } else {
        try {
          await def.handler({ payload: row.payload, now, attempt: row.attempts, signal: controller.signal });
        } catch (error) {
          outcome = { error: describe(error) };
        }
      }
      clearInterval(heartbeat);
      await renewing;
      if (controller.signal.reason instanceof LeaseLost) {
        log.warn({ job: def.name, key: row.key || undefined }, 'background job lease lost; another instance took it');
        return;
      }
      if (outcome) await failed(def, row, outcome.error);
      else await succeeded(def, row);
    } catch (error) {
      // The outcome could not be written (the database is briefly away): the lease runs out and
      // the job is tried again.
      log.error({ job: def.name, err: describe(error) }, 'background job outcome not recorded');
    } finally {
      clearInterval(heartbeat);
      def.running -= 1;
      controllers.delete(controller);
    }
  }

  function launch(def: Definition, row: JobRow, now: Date): Promise<void> {
    const run = execute(def, row, now);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  function schedule(def: Definition, delayMs: number): void {
    if (!started || stopping) return;
    clearTimeout(timers.get(def.name));
    const timer = setTimeout(() => void poll(def), delayMs);
    timer.unref();
    timers.set(def.name, timer);
  }

  async function poll(def: Definition): Promise<void> {
    let claimed: JobRow[] = [];
    try {
      if (!stopping) claimed = await claim(def, def.concurrency - def.running);
    } catch (error) {
      log.error({ job: def.name, err: describe(error) }, 'background job claim failed');
    }
    const now = clock();
    for (const row of claimed) {
      // A recurring job is looked at again a period after its run; a queue as soon as a slot frees.
      void launch(def, row, now).then(() => schedule(def, def.recurring ? def.everyMs : 0));
    }
    schedule(def, def.pollMs);
  }

  function queue<P>(definition: QueueDefinition<P>): Queue<P> {
    const pollMs = definition.pollMs ?? 2_000;
    define({
      name: definition.name,
      recurring: false,
      everyMs: 0,
      leaseMs: definition.leaseMs ?? DEFAULT_LEASE_MS,
      concurrency: definition.concurrency ?? 1,
      maxAttempts: definition.maxAttempts ?? 5,
      pollMs,
      backoffMs: definition.backoffMs ?? exponentialBackoff(30_000, 3_600_000),
      handler: definition.handler as (context: JobContext<unknown>) => Promise<unknown>,
      onStart: definition.onStart,
      running: 0,
    });
    return {
      async enqueue(q, payload, { key, runAt } = {}) {
        const rows = await q
          .insert(jobs)
          .values({ name: definition.name, key: key ?? randomUUID(), payload, runAt: runAt ?? clock() })
          .onConflictDoNothing()
          .returning({ id: jobs.id });
        const def = definitions.get(definition.name);
        if (def && rows.length > 0 && !runAt) schedule(def, 0);
        return rows[0]?.id ?? null;
      },
    };
  }

  return {
    recurring(definition: RecurringDefinition): void {
      define({
        name: definition.name,
        recurring: true,
        everyMs: definition.everyMs,
        leaseMs: definition.leaseMs ?? DEFAULT_LEASE_MS,
        concurrency: 1,
        maxAttempts: Number.POSITIVE_INFINITY,
        pollMs: definition.everyMs,
        backoffMs: exponentialBackoff(definition.everyMs, Math.max(definition.everyMs, RECURRING_BACKOFF_CAP_MS)),
        handler: definition.handler as (context: JobContext<unknown>) => Promise<unknown>,
        onStart: definition.onStart,
        running: 0,
      });
    },

    queue,

    /** The names of the registered jobs. */
    names: () => [...definitions.keys()],

    /** Writes the recurring jobs' rows (a new one is due at once); releases this process's orphans. */
    async prepare(): Promise<void> {
      const now = clock();
      const recurring = [...definitions.values()].filter((def) => def.recurring);
      if (recurring.length > 0) {
        await db
          .insert(jobs)
          .values(recurring.map((def) => ({ name: def.name, key: '', runAt: now })))
          .onConflictDoNothing();
      }
      if (singleProcess) {
        await db
          .update(jobs)
          .set({ state: 'queued', leaseUntil: null, lockedBy: null, runAt: now, updatedAt: now })
          .where(and(eq(jobs.state, 'running'), inArray(jobs.name, [...definitions.keys()])));
      }
    },

    /** Prepares the rows, runs each job's onStart and starts every job's timer. */
    async start(): Promise<void> {
      if (started) return;
      await this.prepare();
      for (const def of definitions.values()) await def.onStart?.();
      started = true;
      stopping = false;
      for (const def of definitions.values()) schedule(def, 0);
    },

    /** Stops the timers, tells the handlers in flight and waits for them to end. */
    async stop(): Promise<void> {
      stopping = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      for (const controller of controllers) controller.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      started = false;
    },

    /**
     * Claims and runs, to their end, the jobs due now on the runtime's clock (all of them, or those
     * named); resolves with the number of runs. Tests and shutdown drains call it.
     */
    async runDue(...names: string[]): Promise<number> {
      let total = 0;
      for (const def of definitions.values()) {
        if (names.length > 0 && !names.includes(def.name)) continue;
        for (;;) {
          const rows = await claim(def, def.concurrency - def.running);
          if (rows.length === 0) break;
          const now = clock();
          await Promise.all(rows.map((row) => launch(def, row, now)));
          total += rows.length;
          if (def.recurring) break;
        }
      }
      return total;
    },

    /** Jobs whose last run failed: queued jobs left failed, and jobs still being retried. */
    async failures(limit = 50): Promise<JobFailure[]> {
      const rows = await db
        .select()
        .from(jobs)
        .where(isNotNull(jobs.lastError))
        .orderBy(desc(jobs.updatedAt))
        .limit(limit);
      return rows.map((row) => ({
        name: row.name,
        key: row.key,
        state: row.state,
        attempts: row.attempts,
        error: row.lastError ?? '',
        failedAt: row.failedAt,
        updatedAt: row.updatedAt,
      }));
    },
  };
}

export type JobRuntime = ReturnType<typeof createJobRuntime>;
