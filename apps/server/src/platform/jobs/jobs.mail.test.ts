/**
 * The owner's list of failing background work also tells when mails cannot be sent: with the mail
 * server's port closed, one entry counts the mails waiting and names the cause in a word the
 * screens put into plain text (the raw error kept for the details); once a mail goes out again the
 * entry is gone by itself.
 */
import { createServer } from 'node:net';
import { AdminJobFailureSchema, successEnvelope } from '@atelier/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser } from '../../test/factory';
import { createTestContext, type TestContext } from '../../test/harness';
import { createMailWorker, enqueueMail, mailFailureCause } from '../mail/outbox';

const silent = { info() {}, warn() {}, error() {} };

/** A port nothing listens on (taken from the system, then let go). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let t: TestContext;
let adminToken: string;
let port: number;

beforeAll(async () => {
  port = await closedPort();
  t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  await t.database.db.delete(jobs);
  adminToken = (await adminUser(t, { email: 'mail-trouble-admin@example.com' })).token;
});
afterAll(() => t.close());

const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(z.array(AdminJobFailureSchema)).parse(res.json()).data;
};

describe('admin jobs API: the mail outbox', () => {
  it('shows one entry while the mail server does not answer, gone once a mail is sent', async () => {
    expect(t.platform.mailer.kind).toBe('smtp');
    const worker = createMailWorker({ db: t.database.db, mailer: t.platform.mailer, log: silent, backoffMs: () => 0 });
    expect(await list()).toEqual([]);

    const before = Date.now();
    for (const to of ['anna@example.com', 'boris@example.com', 'vera@example.com']) {
      await enqueueMail(t.database.db, { to, subject: 'Ваш заказ принят', text: 'Спасибо!', replyTo: null });
    }
    // Waiting but not tried yet: nothing failed.
    expect(await list()).toEqual([]);

    expect(await worker.drain()).toBe(3);
    const items = await list();
    expect(items).toHaveLength(1);
    const [entry] = items;
    expect(entry).toMatchObject({
      name: 'mail.send',
      recurring: true,
      gaveUp: false,
      attempts: 1,
      mail: { waiting: 3, cause: 'unreachable' },
    });
    expect(entry!.details).toMatch(/ECONNREFUSED/);
    expect(new Date(entry!.since).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(new Date(entry!.since).getTime()).toBeLessThanOrEqual(Date.now());
    // Not a row of the jobs table: it cannot be retried by id.
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${entry!.id}/retry`,
      headers: bearer(adminToken),
    });
    expect(retry.statusCode).toBe(400);

    // Tried again, still failing: the same one entry, more tries.
    await worker.drain();
    expect(await list()).toMatchObject([{ attempts: 2, mail: { waiting: 3, cause: 'unreachable' } }]);

    // The mail server answers on that port: the mails go out and the entry is gone.
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      expect(await worker.drain()).toBe(3);
    } finally {
      await t.platform.mailer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    expect(received.sort()).toEqual(['anna@example.com', 'boris@example.com', 'vera@example.com']);
    expect(await list()).toEqual([]);
  });

  it('a mail that failed before the last one sent is no sign of trouble', async () => {
    // A mail failed, then a later one was sent while the first still failed (its address refused).
    const failing = createMailWorker({
      db: t.database.db,
      mailer: {
        async send() {
          throw new Error('Invalid login: 535 5.7.8 Authentication credentials invalid');
        },
      },
      log: silent,
      backoffMs: () => 60_000,
    });
    await enqueueMail(t.database.db, { to: 'gleb@example.com', subject: 'A', text: 'a', replyTo: null });
    await failing.drain();
    expect(await list()).toMatchObject([{ mail: { waiting: 1, cause: 'login' } }]);

    const sent: string[] = [];
    const working = createMailWorker({
      db: t.database.db,
      mailer: {
        async send(message) {
          if (message.to === 'gleb@example.com') throw new Error('550 5.1.1 <gleb@example.com>: user unknown');
          sent.push(message.to);
        },
      },
      log: silent,
    });
    await enqueueMail(t.database.db, { to: 'dina@example.com', subject: 'B', text: 'b', replyTo: null });
    await working.drain();
    expect(sent).toEqual(['dina@example.com']);
    // The first mail still waits with its error, but a later one went out: nothing to show.
    expect(await list()).toEqual([]);
  });

  it.each([
    ['connect ECONNREFUSED 127.0.0.1:2525', 'unreachable'],
    ['Connection timeout', 'unreachable'],
    ['getaddrinfo ENOTFOUND smtp.example.com', 'unreachable'],
    ['Greeting never received', 'unreachable'],
    ['Invalid login: 535 5.7.8 Username and Password not accepted', 'login'],
    ['Invalid login: 534-5.7.9 Application-specific password required', 'login'],
    ['Message failed: 552 5.3.4 Message size exceeds fixed limit', 'other'],
    ["Can't send mail - all recipients were rejected: 550 5.1.1 User unknown", 'other'],
  ] as const)('%s → %s', (error, cause) => {
    expect(mailFailureCause(error)).toBe(cause);
  });
});
