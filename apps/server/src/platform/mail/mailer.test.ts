import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPlatform } from '../platform';
import { parseEml } from './eml';
import type { MailLog } from './mail';
import { extractCodes, extractLinks } from './mail-text';
import { createMailer, OUTBOX_FILE_PATTERN } from './mailer';

function recordingLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const log: MailLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines };
}

const SUBJECT = 'Подтверждение регистрации — Ателье «Шёлковые цветы» и ещё немного текста для длинной темы';
const TEXT = 'Здравствуйте, Анна!\nВаш код: 482913\nСсылка: http://127.0.0.1:3000/api/auth/verify-email/abc123.\n';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-mail-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file mailer (no SMTP_URL)', () => {
  it('writes one parseable .eml with To, From and a UTF-8 Cyrillic subject, and logs it', async () => {
    const { log, lines } = recordingLog();
    const outboxDir = path.join(dir, 'outbox'); // does not exist yet: the mailer creates it
    const mailer = createMailer({ from: 'Ателье <no-reply@atelier.test>', outboxDir, log, logSecrets: true });
    expect(mailer.kind).toBe('file');

    await mailer.send({ to: 'anna@example.com', subject: SUBJECT, text: TEXT, html: '<p>Код: <b>482913</b></p>' });

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const [file] = files as [string];
    expect(file).toMatch(OUTBOX_FILE_PATTERN);
    const raw = await readFile(path.join(outboxDir, file), 'utf8');
    // Headers must be RFC 2047-encoded, not raw UTF-8, to be valid RFC 822.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
    const parsed = await parseEml(raw);
    expect(parsed.to).toBe('anna@example.com');
    expect(parsed.from).toContain('no-reply@atelier.test');
    expect(parsed.from).toContain('Ателье');
    expect(parsed.subject).toBe(SUBJECT);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text).toBe(TEXT.replace(/\n$/, ''));

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'mail written to outbox',
      obj: {
        to: 'anna@example.com',
        subject: SUBJECT,
        file: path.join(outboxDir, file),
        codes: ['482913'],
        links: ['http://127.0.0.1:3000/api/auth/verify-email/abc123'],
      },
    });
  });

  it.each([
    ['development', true],
    ['test', false],
  ] as const)('NODE_ENV=%s: codes and links in the log line → %s', async (env, logged) => {
    const { log, lines } = recordingLog();
    const config = loadConfig({ NODE_ENV: env, DATA_DIR: dir });
    const { mailer } = createPlatform(config, log);
    await mailer.send({ to: 'anna@example.com', subject: 'Your verification code: 482913', text: TEXT });
    expect(await readdir(config.mail.outboxDir)).toHaveLength(1);
    const line = JSON.stringify(lines);
    expect(line.includes('482913')).toBe(logged);
    expect(line.includes('/verify-email/abc123')).toBe(logged);
    if (!logged) expect(lines[0]?.obj.subject).toBe('Your verification code: ••••••');
  });

  it('gives each message its own file, sorted by time', async () => {
    const mailer = createMailer({ from: 'a@b.test', outboxDir: dir, log: recordingLog().log });
    for (let i = 0; i < 3; i++) await mailer.send({ to: `u${i}@example.com`, subject: `S${i}`, text: 'x' });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(3);
    const subjects = await Promise.all(
      files.map(async (f) => (await parseEml(await readFile(path.join(dir, f), 'utf8'))).subject),
    );
    // Same-millisecond names may tie on the timestamp, so only the set is certain.
    expect(new Set(subjects)).toEqual(new Set(['S0', 'S1', 'S2']));
  });
});

describe('SMTP mailer (SMTP_URL set)', () => {
  it('delivers the message to a real SMTP server', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const { log, lines } = recordingLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Atelier <no-reply@atelier.test>',
      outboxDir: path.join(dir, 'unused'),
      log,
    });
    try {
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'anna@example.com', subject: SUBJECT, text: TEXT });
      await mailer.send({ to: 'anna@example.com', subject: 'Your verification code: 482913', text: TEXT });
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }

    expect(received).toHaveLength(2);
    expect(received[0]!.from).toBe('no-reply@atelier.test');
    expect(received[0]!.to).toEqual(['anna@example.com']);
    const parsed = await parseEml(received[0]!.raw);
    expect(parsed.subject).toBe(SUBJECT);
    expect(parsed.text).toContain('482913');
    expect(lines.map((l) => l.msg)).toEqual(['mail sent via SMTP', 'mail sent via SMTP']);
    // The production log line names the mail but never its code.
    expect(lines[1]?.obj.subject).toBe('Your verification code: ••••••');
    expect(JSON.stringify(lines)).not.toContain('482913');
    // SMTP mode never touches the outbox directory.
    await expect(readdir(path.join(dir, 'unused'))).rejects.toThrow();
  });

  it('rejects when the SMTP server is unreachable, so the outbox can retry', async () => {
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'a@b.test',
      outboxDir: dir,
      log: recordingLog().log,
    });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});

describe('mail text extraction', () => {
  it.each([
    ['Код: 123456.', ['123456'], []],
    ['Code 1234567 and 12345 are not codes', [], []],
    [
      'Link https://shop.test/reset-password/999999?x=1, then code 654321!',
      ['654321'],
      ['https://shop.test/reset-password/999999?x=1'],
    ],
    ['(see http://a.test/b)', [], ['http://a.test/b']],
  ])('%s', (text, codes, links) => {
    expect(extractCodes(text)).toEqual(codes);
    expect(extractLinks(text)).toEqual(links);
  });
});
