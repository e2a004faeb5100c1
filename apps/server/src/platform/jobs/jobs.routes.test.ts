/**
 * The owner's view of failing background work through the API: a recurring job failing through the
 * runtime shows since when and when it is tried again; a queued job out of tries shows it gave up
 * and can be tried again (once; a repeat changes nothing); guests and customers are refused.
 */
import { AdminJobFailureSchema, successEnvelope } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser, verifiedUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { createJobRuntime, type JobLog } from './runtime';

const silent: JobLog = { info() {}, warn() {}, error() {} };
const T0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

let t: TestContext;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.delete(jobs);
  adminToken = (await adminUser(t, { email: 'jobs-admin@example.com' })).token;
  userToken = (await verifiedUser(t, { email: 'jobs-user@example.com' })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token?: string) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {} });
const list = async () => {
  const res = await call('GET', '/api/admin/jobs', adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(z.array(AdminJobFailureSchema)).parse(res.json()).data;
};

describe('admin jobs API', () => {
  it('guest → 401, customer → 403 on the list and the retry', async () => {
    const retry = `/api/admin/jobs/${crypto.randomUUID()}/retry`;
    expect((await call('GET', '/api/admin/jobs')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/jobs', userToken)).statusCode).toBe(403);
    expect((await call('POST', retry)).statusCode).toBe(401);
    expect((await call('POST', retry, userToken)).statusCode).toBe(403);
  });

  it('lists failing and given-up work, and tries again what gave up', async () => {
    expect(await list()).toEqual([]);
    const clock = { now: at(0) };
    const runtime = createJobRuntime({ db: t.database.db, log: silent, singleProcess: false, now: () => clock.now });
    let mailFails = true;
    runtime.recurring({
      name: 'mail.send',
      everyMs: 2_000,
      handler: async () => {
        if (mailFails) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
      },
    });
    let receiptRuns = 0;
    const receipts = runtime.queue<{ order: string }>({
      name: 'receipts.send',
      maxAttempts: 2,
      backoffMs: () => 1_000,
      handler: async () => {
        receiptRuns += 1;
        if (receiptRuns <= 2) throw new Error('the provider answered 503');
      },
    });
    await runtime.prepare();
    await receipts.enqueue(t.database.db, { order: 'A-1' });
    await runtime.runDue();
    clock.now = at(5_000);
    await runtime.runDue();

    const items = await list();
    const mail = items.find((item) => item.name === 'mail.send');
    const receipt = items.find((item) => item.name === 'receipts.send');
    // The mail pass failed twice since its first failure; it is tried again on its own.
    expect(mail).toMatchObject({
      recurring: true,
      attempts: 2,
      since: at(0).toISOString(),
      gaveUp: false,
      details: 'connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(new Date(mail!.nextTryAt!).getTime()).toBeGreaterThan(at(5_000).getTime());
    expect(receipt).toMatchObject({ recurring: false, attempts: 2, gaveUp: true, nextTryAt: null });

    // Only what gave up is tried again; unknown ids are 404; malformed ones 400.
    expect((await call('POST', `/api/admin/jobs/${mail!.id}/retry`, adminToken)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/jobs/${crypto.randomUUID()}/retry`, adminToken)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/jobs/not-an-id/retry', adminToken)).statusCode).toBe(400);
    const retried = await call('POST', `/api/admin/jobs/${receipt!.id}/retry`, adminToken);
    expect(retried.statusCode, retried.body).toBe(200);
    // A second click while it waits changes nothing.
    expect((await call('POST', `/api/admin/jobs/${receipt!.id}/retry`, adminToken)).statusCode).toBe(200);
    expect((await list()).find((item) => item.id === receipt!.id)).toMatchObject({ gaveUp: false, attempts: 0 });

    // The retried receipt and the mail pass now succeed: nothing is left to show.
    mailFails = false;
    // The retry is due at the server's real time, later than the runtime's test clock.
    clock.now = new Date(Date.now() + 60_000);
    await runtime.runDue();
    expect(receiptRuns).toBe(3);
    expect(await list()).toEqual([]);
    await runtime.stop();
  });
});
