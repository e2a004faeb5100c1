import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devMailRoutes } from './dev-mail.routes';
import { createMailer } from './mailer';

let root: string;
let outboxDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atelier-devmail-'));
  outboxDir = path.join(root, 'outbox');
  app = fastify();
  await app.register(devMailRoutes, { outboxDir });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const silent = { info() {}, warn() {}, error() {} };

/** Each mail is written one second after the previous one, so the newest-first order is checkable. */
let clock = Date.parse('2026-03-01T09:00:00.000Z');
const nextSecond = () => {
  clock += 1_000;
  return new Date(clock);
};

async function send(subject: string, text: string, to = 'anna@example.com') {
  const mailer = createMailer({ from: 'Atelier <no-reply@atelier.test>', outboxDir, log: silent, now: nextSecond });
  await mailer.send({ to, subject, text });
}

describe('GET /dev/mail', () => {
  it('says there is no mail yet when the outbox folder does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Писем пока нет');
    expect(res.body).toContain('<html lang="ru">');
  });

  it('lists messages newest first with recipient, subject, clickable link and the code', async () => {
    await send('Старое письмо', 'Просто текст');
    await send(
      'Подтверждение email',
      'Ваш код: 482913\nИли перейдите по ссылке: http://127.0.0.1:3000/api/auth/verify-email/tok_ABC?a=1&b=2.\n',
      'new-user@example.com',
    );
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body).toContain('new-user@example.com');
    expect(body).toContain('<span class="code">482913</span>');
    expect(body).toContain(
      '<a href="http://127.0.0.1:3000/api/auth/verify-email/tok_ABC?a=1&amp;b=2" rel="noreferrer">',
    );
    expect(body.indexOf('Подтверждение email')).toBeLessThan(body.indexOf('Старое письмо'));
    expect(body).not.toMatch(/<script/i);
  });

  it('escapes everything taken from a message', async () => {
    await send('<img src=x onerror=alert(1)>', 'see https://x.test/"><script>alert(1)</script>', '"evil"@example.com');
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toMatch(/<script/i);
  });

  it.each([
    ['en-US,en;q=0.9', 'Outgoing mail (development)', 'lang="en"'],
    ['es', 'Correo saliente (desarrollo)', 'lang="es"'],
    ['de', 'Исходящая почта (разработка)', 'lang="ru"'],
  ])('labels follow Accept-Language %s', async (header, title, htmlLang) => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail', headers: { 'accept-language': header } });
    expect(res.body).toContain(title);
    expect(res.body).toContain(htmlLang);
  });
});

describe('GET /dev/mail/:file', () => {
  it('shows one message with its full text and clickable links', async () => {
    await send('Сброс пароля', 'Откройте https://shop.test/reset-password/xyz чтобы задать пароль.');
    const [file] = (await readdir(outboxDir)) as [string];
    const res = await app.inject({ method: 'GET', url: `/dev/mail/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Сброс пароля</title>');
    expect(res.body).toContain(
      'Откройте <a href="https://shop.test/reset-password/xyz" rel="noreferrer">https://shop.test/reset-password/xyz</a> чтобы',
    );
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2Fsecret.eml',
    '%2E%2E%2Fsecret.eml',
    'secret.eml',
    '2025-01-31T08-15-30-123Z-0123456789ab.eml%00.txt',
    '2025-01-31T08-15-30-123Z-0123456789ab.eml', // right shape, no such file
  ])('answers 404 in the error envelope for %s', async (name) => {
    await writeFile(path.join(root, 'secret.eml'), 'To: x\n\nsecret');
    await send('x', 'y');
    const res = await app.inject({ method: 'GET', url: `/dev/mail/${name}`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Resource not found' });
  });
});

describe('/dev/mail answers only this machine', () => {
  it.each([
    ['an address on the network', { remoteAddress: '203.0.113.9' }],
    ['a private network address', { remoteAddress: '192.168.1.20' }],
    [
      'a request forwarded by a local proxy',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ],
  ])('%s gets 404 (codes and reset links stay private)', async (_name, options) => {
    await send('Подтверждение email', 'Ваш код: 482913');
    for (const url of ['/dev/mail', `/dev/mail/${(await readdir(outboxDir))[0]}`]) {
      const res = await app.inject({ method: 'GET', url, ...options });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('482913');
    }
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('loopback %s is served', async (remoteAddress) => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
    expect(res.statusCode).toBe(200);
  });
});

describe('attachments', () => {
  it('are listed by name (a non-ASCII name included) and download as they were sent', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% gift certificate\n%%EOF\n');
    const mailer = createMailer({ from: 'Atelier <no-reply@atelier.test>', outboxDir, log: silent, now: nextSecond });
    await mailer.send({
      to: 'olga@example.com',
      subject: 'Подарочный сертификат',
      text: 'Код: ABCD-EFGH-JKLM-NPQR',
      html: '<p>Код: ABCD-EFGH-JKLM-NPQR</p>',
      attachments: [{ filename: 'подарочный-сертификат.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [file] = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
    const page = await app.inject({ method: 'GET', url: `/dev/mail/${file}` });
    expect(page.body).toContain('Код: ABCD-EFGH-JKLM-NPQR');
    expect(page.body).toContain(`<a href="/dev/mail/${file}/attachments/0">подарочный-сертификат.pdf</a>`);
    const download = await app.inject({ method: 'GET', url: `/dev/mail/${file}/attachments/0` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    for (const url of [
      `/dev/mail/${file}/attachments/1`,
      `/dev/mail/${file}/attachments/x`,
      '/dev/mail/../x/attachments/0',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
