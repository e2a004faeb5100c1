/**
 * The composition root's jobs: every piece of background work is registered once on the runtime,
 * the optional ones only when configured, and a registered job does its work when it is due (a
 * queued mail is sent by `mail.send` on the runtime's clock).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema';
import { buildJobs } from './jobs';
import { enqueueMail } from './platform/mail/outbox';
import { createTestContext, type TestContext } from './test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const silent = { info() {}, warn() {}, error() {} };

describe('jobs.ts', () => {
  it('registers the always-on jobs, leaves out what is not configured, and runs each when due', async () => {
    const clock = { now: new Date('2026-03-01T10:00:00Z') };
    const jobs = buildJobs({
      config: t.config,
      database: t.database,
      mailer: t.platform.mailer,
      storage: t.platform.storage,
      services: t.app.services,
      log: silent,
      now: () => clock.now,
    });
    const names = jobs.names();
    expect(names).toEqual(
      expect.arrayContaining([
        'mail.send',
        'orders.expire',
        'cart.remind',
        'gift-certificates.deliver',
        'notifications.owner',
      ]),
    );
    // No BACKUP_DIR, no CDEK account in the test config.
    expect(names).not.toContain('backup.nightly');
    expect(names).not.toContain('cdek.poll');

    await jobs.prepare();
    expect(await jobs.runDue()).toBe(names.length);
    expect(await jobs.failures()).toEqual([]);

    const id = await enqueueMail(t.database.db, { to: 'anna@example.com', subject: 'Hello', text: 'A line.' });
    expect(await jobs.runDue('mail.send')).toBe(0);
    clock.now = new Date(clock.now.getTime() + 2_000);
    expect(await jobs.runDue('mail.send')).toBe(1);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('sent');
  });
});
