import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { landingContent, mailOutbox } from '../../db/schema';
import { createJobRuntime } from '../jobs/runtime';
import { LAYOUT_TEXTS, renderMail } from './layout';
import type { Mailer, MailLog, MailMessage } from './mail';
import { createMailer } from './mailer';
import { createMailWorker, defaultBackoffMs, enqueueMail, MAX_MAIL_ATTEMPTS } from './outbox';

const silent: MailLog = { info() {}, warn() {}, error() {} };

function fakeMailer(failuresBeforeSuccess = 0) {
  const sent: MailMessage[] = [];
  let calls = 0;
  const mailer: Mailer = {
    async send(message) {
      calls++;
      if (calls <= failuresBeforeSuccess) throw new Error(`smtp down (call ${calls})`);
      sent.push(message);
    },
  };
  return { mailer, sent, calls: () => calls };
}

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  await database.db.delete(landingContent);
});

async function rows() {
  return database.db.select().from(mailOutbox);
}

describe('enqueueMail', () => {
  it('stores the mail when the enclosing transaction commits', async () => {
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, { to: 'a@example.com', subject: 'Заказ №1', text: 'Спасибо', html: '<p>Спасибо</p>' });
    });
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ to: 'a@example.com', subject: 'Заказ №1', status: 'queued', attempts: 0 });
  });

  it('leaves no mail behind when the enclosing transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'a@example.com', subject: 'never', text: 'x' });
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await rows()).toHaveLength(0);
  });
});

describe('Reply-To: the shop contact address from the site settings', () => {
  const content = { lang: 'en' as const, subject: 'Order #5 received', blocks: ['Thank you.'] };
  const line = (email: string) => LAYOUT_TEXTS.reply.en.replace('{email}', email);

  async function setContact(email: string) {
    const value = {
      heroTitle: { ru: '' },
      heroSubtitle: { ru: '' },
      contactEmail: email,
      contactPhone: '',
      social: [],
    };
    await database.db
      .insert(landingContent)
      .values({ key: 'settings', value })
      .onConflictDoUpdate({ target: landingContent.key, set: { value } });
  }

  async function sendToFiles(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ from: 'Atelier <no-reply@atelier.test>', outboxDir: dir, log: silent });
      await createMailWorker({ db: database.db, mailer, log: silent }).drain();
      const [file] = await readdir(dir);
      return await readFile(path.join(dir, file!), 'utf8');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('is the contact address when the owner set one, and the mail invites an answer to it', async () => {
    await setContact('studio@atelier.test');
    await enqueueMail(database.db, { to: 'anna@example.com', ...renderMail(content) });
    const [row] = await rows();
    expect(row!.replyTo).toBe('studio@atelier.test');
    expect(row!.text).toContain(line('studio@atelier.test'));
    expect(row!.html).toContain('mailto:studio@atelier.test');
    const eml = await sendToFiles();
    expect(eml).toMatch(/^Reply-To: studio@atelier\.test$/m);
    expect(eml).toMatch(/^From: Atelier <no-reply@atelier\.test>$/m);
  });

  it('is absent without a contact address, and the mail says nothing about replying', async () => {
    await setContact('');
    await enqueueMail(database.db, { to: 'anna@example.com', ...renderMail(content) });
    const [row] = await rows();
    expect(row!.replyTo).toBeNull();
    expect(row!.text).not.toMatch(/reply/i);
    expect(row!.html).not.toContain('mailto:');
    const eml = await sendToFiles();
    expect(eml).not.toMatch(/^Reply-To:/im);
  });

  it('follows the settings as they are when the mail is queued', async () => {
    await database.db.delete(landingContent);
    await enqueueMail(database.db, { to: 'a@example.com', ...renderMail(content) });
    await setContact('hello@atelier.test');
    await enqueueMail(database.db, { to: 'b@example.com', ...renderMail(content) });
    const byRecipient = Object.fromEntries((await rows()).map((row) => [row.to, row.replyTo]));
    expect(byRecipient).toEqual({ 'a@example.com': null, 'b@example.com': 'hello@atelier.test' });
  });
});

describe('attachments', () => {
  it('are sent as they were queued and wiped with the body once the mail is out', async () => {
    const pdf = Buffer.from('%PDF-1.4 certificate ABCD-EFGH-JKLM-NPQR');
    await enqueueMail(database.db, {
      to: 'olga@example.com',
      subject: 'Сертификат',
      text: 'Код: ABCD-EFGH-JKLM-NPQR',
      attachments: [{ filename: 'gift.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const { mailer, sent } = fakeMailer();
    await createMailWorker({ db: database.db, mailer, log: silent }).drain();
    expect(sent[0]?.attachments?.[0]).toMatchObject({ filename: 'gift.pdf', contentType: 'application/pdf' });
    expect(sent[0]?.attachments?.[0]?.content.equals(pdf)).toBe(true);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', text: '', attachments: null });
  });
});

describe.each([
  ['without holding a lock (PGlite default)', false],
  ['holding FOR UPDATE SKIP LOCKED while sending (PostgreSQL default)', true],
])('mail worker %s', (_name, lockWhileSending) => {
  it('sends queued rows oldest first and marks them sent', async () => {
    await enqueueMail(database.db, { to: 'first@example.com', subject: '1', text: 'one' });
    await enqueueMail(database.db, { to: 'second@example.com', subject: '2', text: 'two', html: '<b>two</b>' });
    const { mailer, sent } = fakeMailer();
    const worker = createMailWorker({ db: database.db, mailer, log: silent, lockWhileSending });

    expect(await worker.drain()).toBe(2);
    expect(sent.map((m) => m.to)).toEqual(['first@example.com', 'second@example.com']);
    expect(sent[1]).toEqual({ to: 'second@example.com', subject: '2', text: 'two', html: '<b>two</b>' });
    for (const row of await rows()) {
      expect(row.status).toBe('sent');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
      // The body (codes, sign-in links) does not outlive the delivery; who and what stay for support.
      expect(row).toMatchObject({ text: '', html: null });
      expect(row.subject).not.toBe('');
    }
    // Nothing is sent twice.
    expect(await worker.drain()).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it('processes more rows than one batch in a single drain', async () => {
    for (let i = 0; i < 7; i++) await enqueueMail(database.db, { to: `u${i}@example.com`, subject: `${i}`, text: 'x' });
    const { mailer, sent } = fakeMailer();
    const worker = createMailWorker({ db: database.db, mailer, log: silent, lockWhileSending, batchSize: 3 });
    expect(await worker.drain()).toBe(7);
    expect(sent).toHaveLength(7);
  });

  it('retries a failing mailer with backoff, then succeeds', async () => {
    const id = await enqueueMail(database.db, { to: 'a@example.com', subject: 's', text: 't' });
    const { mailer, sent } = fakeMailer(2);
    let clock = 1_000_000;
    const worker = createMailWorker({
      db: database.db,
      mailer,
      log: silent,
      lockWhileSending,
      now: () => clock,
      backoffMs: () => 60_000,
    });

    expect(await worker.drain()).toBe(1);
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'smtp down (call 1)' });

    // Still backing off: not tried again.
    clock += 59_000;
    expect(await worker.drain()).toBe(0);

    clock += 1_000;
    expect(await worker.drain()).toBe(1);
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'smtp down (call 2)' });

    clock += 60_000;
    expect(await worker.drain()).toBe(1);
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sent).toHaveLength(1);
  });

  it(`marks a row failed after ${MAX_MAIL_ATTEMPTS} attempts and stops trying it`, async () => {
    const id = await enqueueMail(database.db, { to: 'a@example.com', subject: 's', text: 't' });
    const errors: unknown[] = [];
    const { mailer, calls } = fakeMailer(Number.POSITIVE_INFINITY);
    const worker = createMailWorker({
      db: database.db,
      mailer,
      log: { ...silent, error: (obj) => errors.push(obj) },
      lockWhileSending,
      backoffMs: () => 0,
    });
    for (let i = 0; i < MAX_MAIL_ATTEMPTS - 1; i++) expect(await worker.drain()).toBe(1);
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // A mail still to be retried keeps its body.
    expect(row).toMatchObject({ status: 'queued', attempts: MAX_MAIL_ATTEMPTS - 1, text: 't' });
    expect(errors).toHaveLength(0);

    expect(await worker.drain()).toBe(1);
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, text: '', html: null });
    expect(errors).toHaveLength(1);

    expect(await worker.drain()).toBe(0);
    expect(calls()).toBe(MAX_MAIL_ATTEMPTS);
  });
});

describe('a delivered mail keeps no secret', () => {
  it('wipes the body and masks the code in the subject once sent', async () => {
    const id = await enqueueMail(database.db, {
      to: 'code@example.com',
      subject: 'Your verification code: 482913',
      text: 'Your code is 482913. Or open https://shop.example/api/auth/verify-email/abcdefabcdefabcdefabcdef',
      html: '<p>482913</p>',
    });
    const { mailer, sent } = fakeMailer();
    await createMailWorker({ db: database.db, mailer, log: silent }).drain();
    expect(sent[0]?.text).toContain('482913');
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', text: '', html: null, subject: 'Your verification code: ••••••' });
    expect(JSON.stringify(row)).not.toMatch(/482913|verify-email/);
  });
});

describe('mail worker polling', () => {
  it('sends on its own once started, keeps PGlite usable during a slow send, and stop() waits for it', async () => {
    await enqueueMail(database.db, { to: 'a@example.com', subject: 's', text: 't' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const events: string[] = [];
    const mailer: Mailer = {
      async send() {
        started();
        await gate;
        events.push('send finished');
      },
    };
    const worker = createMailWorker({ db: database.db, mailer, log: silent });
    const runtime = createJobRuntime({ db: database.db, log: silent, singleProcess: true });
    runtime.recurring({ name: 'test.mail.send', everyMs: 10, handler: () => worker.drain() });
    await runtime.start();
    await sending;

    // PGlite runs everything on one connection: a transaction held across the send would block
    // this query (and every request) until the SMTP server answered.
    const query = database.db
      .select()
      .from(mailOutbox)
      .then(() => 'answered');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('blocked'), 1_000));
    expect(await Promise.race([query, timeout])).toBe('answered');

    // stop() waits for the send in flight: it settles only after that send has finished.
    const stopping = runtime.stop().then(() => events.push('stopped'));
    release();
    await stopping;
    expect(events).toEqual(['send finished', 'stopped']);
    const [row] = await rows();
    expect(row?.status).toBe('sent');
  });
});

describe('default backoff', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [20, 3_600_000],
  ])('after %i attempts waits %i ms', (attempts, ms) => {
    expect(defaultBackoffMs(attempts)).toBe(ms);
  });
});
