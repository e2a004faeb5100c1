/**
 * Mail goes out over real SMTP: register against a local smtp-server that speaks
 * real SMTP on 127.0.0.1, deliver through the outbox worker, read the code from the received
 * message and verify with it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml } from '../../platform/mail/eml';
import { extractCodes } from '../../platform/mail/mail-text';
import { createMailWorker } from '../../platform/mail/outbox';
import { register } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/harness';

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let t: TestContext;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('verification over real SMTP', () => {
  it('register → worker delivers over SMTP → the code from the received mail verifies and signs in', async () => {
    expect(t.platform.mailer.kind).toBe('smtp');
    const reg = await register(t, 'smtp-user@example.com', {}, { 'accept-language': 'en' });
    expect(reg.statusCode).toBe(201);
    const log = { info() {}, warn() {}, error() {} };
    const sent = await createMailWorker({ db: t.database.db, mailer: t.platform.mailer, log }).drain();
    expect(sent).toBe(1);

    const mail = received.find((m) => m.to.includes('smtp-user@example.com'));
    expect(mail).toBeDefined();
    const parsed = await parseEml(mail!.raw);
    expect(parsed.subject).toMatch(/^Your verification code: \d{6}$/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/i);
    const [code] = extractCodes(parsed.text);
    expect(code).toMatch(/^\d{6}$/);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'smtp-user@example.com', code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'smtp-user@example.com', emailVerified: true });
  });
});
