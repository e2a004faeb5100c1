/**
 * The jobs runtime's own rules, on the test project's database (PGlite, and PostgreSQL where two
 * runtimes on two pools stand for two instances): a due job is claimed once, a lease that ran out
 * makes it due again, failures back off and end visibly, stop() waits for the handlers in flight,
 * a failing handler does not stop the loop, and a queue runs at most its concurrency at once.
 * Time is a clock the test moves (`runDue`), or polled for when the runtime's timers run.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { createTestDatabase } from '../../test/harness';
import { createJobRuntime, type JobLog } from './runtime';

const silent: JobLog = { info() {}, warn() {}, error() {} };
let database: Database;
let other: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  drop = created.drop;
  other = await created.connectAgain();
});
afterAll(async () => {
  await drop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const T0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A clock the test moves. */
function testClock(ms = 0) {
  const clock = { now: at(ms) };
  return { clock, now: () => clock.now };
}

function runtimeOn(db: Database, now?: () => Date) {
  return createJobRuntime({ db: db.db, log: silent, singleProcess: false, now });
}

/** A promise the test resolves. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const rowsOf = (name: string) => database.db.select().from(jobs).where(eq(jobs.name, name));

describe('claiming', () => {
  it('two instances on one database run each queued job exactly once', async () => {
    const { now } = testClock();
    const ran: string[] = [];
    const handler = async ({ payload }: { payload: { n: number } }) => {
      ran.push(String(payload.n));
      await new Promise((resolve) => setImmediate(resolve));
    };
    const a = runtimeOn(database, now);
    const b = runtimeOn(other, now);
    const queueA = a.queue({ name: 'test.once', concurrency: 3, handler });
    b.queue({ name: 'test.once', concurrency: 3, handler });
    for (let n = 0; n < 30; n++) await queueA.enqueue(database.db, { n });

    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(30);
    expect([...ran].sort()).toEqual(Array.from({ length: 30 }, (_, n) => String(n)).sort());
    expect(await rowsOf('test.once')).toEqual([]);
  });

  it('a recurring job due once is run by one of two instances, then not again before its period', async () => {
    const { clock, now } = testClock();
    let runs = 0;
    const tick = async () => {
      runs += 1;
      await new Promise((resolve) => setImmediate(resolve));
    };
    const a = runtimeOn(database, now);
    const b = runtimeOn(other, now);
    a.recurring({ name: 'test.tick', everyMs: 60_000, handler: tick });
    b.recurring({ name: 'test.tick', everyMs: 60_000, handler: tick });
    await Promise.all([a.prepare(), b.prepare()]);

    expect((await Promise.all([a.runDue(), b.runDue()])).reduce((x, y) => x + y)).toBe(1);
    clock.now = at(59_999);
    expect((await Promise.all([a.runDue(), b.runDue()])).reduce((x, y) => x + y)).toBe(0);
    clock.now = at(60_000);
    expect((await Promise.all([a.runDue(), b.runDue()])).reduce((x, y) => x + y)).toBe(1);
    expect(runs).toBe(2);
  });

  it('a job queued in a transaction that rolled back does not exist; a key is queued once', async () => {
    const runtime = runtimeOn(database);
    const queue = runtime.queue<{ n: number }>({ name: 'test.keyed', handler: async () => {} });
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await rowsOf('test.keyed')).toEqual([]);
    expect(await queue.enqueue(database.db, { n: 1 }, { key: 'order-1' })).not.toBeNull();
    expect(await queue.enqueue(database.db, { n: 2 }, { key: 'order-1' })).toBeNull();
    expect((await rowsOf('test.keyed')).map((row) => row.payload)).toEqual([{ n: 1 }]);
  });
});

describe('leases', () => {
  it('a job held by an instance that stopped answering is taken by another once its lease ran out', async () => {
    const held = gate();
    const started = gate();
    let lostSignal: AbortSignal | undefined;
    // Instance A's clock stands still: its renewals never move the lease past T0 + 1 s.
    const a = runtimeOn(database, () => T0);
    const queueA = a.queue({
      name: 'test.lease',
      leaseMs: 1_000,
      handler: async ({ signal }) => {
        lostSignal = signal;
        started.open();
        await held.promise;
      },
    });
    await queueA.enqueue(database.db, { parcel: 7 });
    const running = a.runDue();
    await started.promise;

    const attempts: number[] = [];
    const { clock, now } = testClock(999);
    const b = runtimeOn(other, now);
    b.queue({
      name: 'test.lease',
      leaseMs: 1_000,
      handler: async ({ attempt }) => {
        attempts.push(attempt);
      },
    });
    expect(await b.runDue()).toBe(0);
    clock.now = at(1_001);
    expect(await b.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await rowsOf('test.lease')).toEqual([]);

    // A finds out at its next renewal and is told through its signal; its late end writes nothing.
    await expect.poll(() => lostSignal?.aborted).toBe(true);
    held.open();
    expect(await running).toBe(1);
    expect(await rowsOf('test.lease')).toEqual([]);
  });

  it('on the embedded database a job left running by a crash is due again at start', async () => {
    await database.db.insert(jobs).values({
      name: 'test.orphan',
      key: '',
      state: 'running',
      lockedBy: 'a process that crashed',
      leaseUntil: at(3_600_000),
      runAt: T0,
    });
    const define = (singleProcess: boolean) => {
      const runtime = createJobRuntime({ db: database.db, log: silent, singleProcess, now: () => T0 });
      runtime.recurring({ name: 'test.orphan', everyMs: 60_000, handler: async () => {} });
      return runtime;
    };
    const shared = define(false);
    await shared.prepare();
    expect(await shared.runDue()).toBe(0);
    const embedded = define(true);
    await embedded.prepare();
    expect(await embedded.runDue()).toBe(1);
  });
});

describe('failures', () => {
  it('a failing queued job is tried again after a growing backoff, then left failed with its error', async () => {
    const { clock, now } = testClock();
    const runtime = runtimeOn(database, now);
    const queue = runtime.queue({
      name: 'test.backoff',
      maxAttempts: 3,
      backoffMs: (attempts) => 1_000 * 2 ** (attempts - 1),
      handler: async () => {
        throw new Error('the provider answered 503');
      },
    });
    await queue.enqueue(database.db, {});
    const runsAt = async (ms: number) => {
      clock.now = at(ms);
      return runtime.runDue();
    };
    expect(await runsAt(0)).toBe(1);
    expect(await runtime.failures()).toMatchObject([
      { name: 'test.backoff', state: 'queued', attempts: 1, error: 'the provider answered 503', failedAt: null },
    ]);
    expect(await runsAt(999)).toBe(0);
    expect(await runsAt(1_000)).toBe(1);
    expect(await runsAt(2_999)).toBe(0);
    expect(await runsAt(3_000)).toBe(1);
    expect(await runsAt(100_000_000)).toBe(0);
    const [failed] = await runtime.failures();
    expect(failed).toMatchObject({ name: 'test.backoff', state: 'failed', attempts: 3 });
    expect(failed?.failedAt?.toISOString()).toBe(at(3_000).toISOString());
  });

  it('a recurring job that failed shows its error until a later run succeeds', async () => {
    const { clock, now } = testClock();
    const runtime = runtimeOn(database, now);
    let calls = 0;
    runtime.recurring({
      name: 'test.flaky',
      everyMs: 60_000,
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database briefly away');
      },
    });
    await runtime.prepare();
    expect(await runtime.runDue()).toBe(1);
    expect((await runtime.failures()).map((f) => [f.name, f.error])).toEqual([['test.flaky', 'database briefly away']]);
    clock.now = at(59_999);
    expect(await runtime.runDue()).toBe(0);
    clock.now = at(60_000);
    expect(await runtime.runDue()).toBe(1);
    expect(await runtime.failures()).toEqual([]);
    const [row] = await rowsOf('test.flaky');
    expect(row).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect(row?.runAt.toISOString()).toBe(at(120_000).toISOString());
  });

  it('a failing handler does not stop the started runtime: the job runs again, the next job runs', async () => {
    const runtime = runtimeOn(database);
    let calls = 0;
    runtime.recurring({
      name: 'test.loop',
      everyMs: 5,
      handler: async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`failure ${calls}`);
      },
    });
    const done: string[] = [];
    const queue = runtime.queue<{ id: string }>({
      name: 'test.queue-after-failure',
      backoffMs: () => 3_600_000,
      handler: async ({ payload }) => {
        if (payload.id === 'bad') throw new Error('bad payload');
        done.push(payload.id);
      },
    });
    await queue.enqueue(database.db, { id: 'bad' });
    await queue.enqueue(database.db, { id: 'good' });
    await runtime.start();
    try {
      await expect.poll(() => calls, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await expect.poll(() => done, { timeout: 10_000 }).toEqual(['good']);
      await expect
        .poll(async () => (await runtime.failures()).map((f) => f.name))
        .toEqual(['test.queue-after-failure']);
    } finally {
      await runtime.stop();
    }
  });
});

describe('running', () => {
  it('stop() tells the handler in flight and waits for it to end; its run is recorded', async () => {
    const runtime = runtimeOn(database);
    const release = gate();
    const started = gate();
    const events: string[] = [];
    let told: AbortSignal | undefined;
    runtime.recurring({
      name: 'test.graceful',
      everyMs: 60_000,
      handler: async ({ signal }) => {
        told = signal;
        started.open();
        await release.promise;
        events.push('handler finished');
      },
    });
    await runtime.start();
    await started.promise;
    const stopping = runtime.stop().then(() => events.push('stopped'));
    expect(told?.aborted).toBe(true);
    const [row] = await rowsOf('test.graceful');
    expect(row?.state).toBe('running');
    release.open();
    await stopping;
    expect(events).toEqual(['handler finished', 'stopped']);
    const [after] = await rowsOf('test.graceful');
    expect(after).toMatchObject({ state: 'queued', lockedBy: null, leaseUntil: null });
  });

  it('a queue runs at most its concurrency in one process, and every job', async () => {
    const runtime = runtimeOn(database);
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    const queue = runtime.queue<{ n: number }>({
      name: 'test.concurrency',
      concurrency: 2,
      pollMs: 10,
      handler: async ({ payload }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
        done.push(payload.n);
      },
    });
    for (let n = 0; n < 6; n++) await queue.enqueue(database.db, { n });
    await runtime.start();
    try {
      await expect.poll(() => done.length, { timeout: 10_000 }).toBe(6);
    } finally {
      await runtime.stop();
    }
    expect(most).toBe(2);
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'test.concurrency'))),
    ).toEqual([]);
  });
});
