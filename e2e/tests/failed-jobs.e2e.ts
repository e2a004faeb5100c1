/**
 * The shop's mail server is down (SMTP_URL on a port nothing listens on): a customer registers, her
 * mail cannot go out, and the owner reads it in plain Russian on the dashboard and in Settings —
 * since when, how many mails wait, that the mail server does not answer, what to do — with the raw
 * error only under "Details", at 1280 px and 360 px, axe clean and by keyboard. Then the mail server
 * answers on that port, the next mail goes out and the notice is gone by itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, BUYER_PASSWORD, login, register } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { developerWords, renderedText } from '../src/plain-language';
import { freePort, REPO_ROOT } from '../src/server';
import { type SmtpListener, startSmtpListener } from '../src/smtp-listener';
import { budget, MAIL_TIMEOUT } from '../src/timeouts';

const SMTP_PORT = await freePort();
const session = useBrowser();
const ADMIN = { email: 'owner@failed-jobs.test', password: 'failed-jobs-owner-2026' };
const base = useOwnServer({
  prefix: 'atelier-e2e-failed-jobs-',
  admin: ADMIN,
  env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
});
const SHOTS = join(REPO_ROOT, 'e2e/.artifacts');

interface Entry {
  name: string;
  details: string;
  mail: { waiting: number; cause: string } | null;
}

let adminToken = '';
let listener: SmtpListener | undefined;

const entries = () => apiData<Entry[]>(base(), '/admin/jobs', { token: adminToken });
const mailEntry = async () => (await entries()).find((entry) => entry.mail !== null);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await login(base(), ADMIN);
  await register(base(), { name: 'Инна Почтова', email: newEmail('smtp-down'), password: BUYER_PASSWORD });
}, budget(20_000));
afterAll(async () => {
  await listener?.close();
});

async function ownerPage(mobile: boolean): Promise<Page> {
  const page = await session.newPage({ baseURL: base(), mobile });
  await useToken(page, adminToken);
  return page;
}

/** Presses Tab until the focused element reads `name`; false when it never does. */
async function tabTo(page: Page, name: RegExp, steps = 80): Promise<boolean> {
  for (let step = 0; step < steps; step++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (name.test(text)) return true;
  }
  return false;
}

const PLAIN = /Письма не уходят с .+\. Жд(ёт|ут) отправки \d+ пис(ьмо|ьма|ем)\. Почтовый сервер не отвечает\./;
/** What the owner must never read outside "Details". */
const DEVELOPER = /ECONNREFUSED|SMTP|mail\.send|127\.0\.0\.1|Error|\{|stack/;

describe('mails that cannot be sent are shown to the owner in plain words', () => {
  it('1280 px: the dashboard says so and leads by keyboard to Settings, where the raw error is folded', async () => {
    // The outbox tries the verification mail within seconds and fails: wait for the owner's entry.
    await expect.poll(mailEntry, { timeout: MAIL_TIMEOUT }).toMatchObject({ mail: { cause: 'unreachable' } });
    const page = await ownerPage(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    const notice = page.getByTestId('jobs-notice');
    await notice.getByText('Письма ждут отправки').waitFor();
    const said = await renderedText(page, notice);
    expect(said).toMatch(PLAIN);
    expect(said).not.toMatch(DEVELOPER);
    expect(developerWords(said)).toEqual([]);
    // The panel of waiting work below it does not say that nothing needs attention.
    await page.getByText('Больше ничего не ждёт вашего внимания.').waitFor();
    expect(await page.getByText('Сейчас ничего не требует внимания.').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SHOTS, 'failed-jobs-dashboard-1280.png'), fullPage: true });

    // By keyboard: Tab to the notice's link, Enter opens the settings at the list.
    expect(await tabTo(page, /^Что сделать — в настройках$/)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/settings');
    const list = page.getByTestId('jobs-list');
    const trouble = list.getByTestId('mail-trouble');
    await trouble.waitFor();
    const text = await renderedText(page, trouble);
    expect(text).toMatch(PLAIN);
    expect(text).toContain('Что сделать: проверьте настройки почты');
    // The list's introduction speaks of mail, not of work to try again (mail has no such button).
    await page.getByText('Магазин отправляет письма сам').waitFor();
    expect(await page.getByText('можно повторить здесь').count()).toBe(0);
    const listed = await renderedText(page, list);
    expect(listed).not.toMatch(DEVELOPER);
    expect(developerWords(listed)).toEqual([]);
    await expectNoAxeViolations(page);

    // The raw error only under "Details", opened by keyboard.
    expect(await tabTo(page, /^Подробности для разработчика$/)).toBe(true);
    await page.keyboard.press('Enter');
    await list.getByText(/ECONNREFUSED/).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SHOTS, 'failed-jobs-settings-1280.png'), fullPage: true });
  });

  it('360 px: Settings shows the entry without sideways scrolling; axe clean', async () => {
    const page = await ownerPage(true);
    await page.goto('/admin/settings');
    const trouble = page.getByTestId('jobs-list').getByTestId('mail-trouble');
    await trouble.waitFor();
    expect(await renderedText(page, trouble)).toMatch(PLAIN);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SHOTS, 'failed-jobs-settings-360.png'), fullPage: true });
  });

  it('once the mail server answers, the next mail goes out and the notice is gone', async () => {
    listener = await startSmtpListener(SMTP_PORT);
    const email = newEmail('smtp-up');
    await register(base(), { name: 'Ольга Почтова', email, password: BUYER_PASSWORD });
    await expect.poll(() => listener?.received.includes(email), { timeout: MAIL_TIMEOUT }).toBe(true);
    await expect.poll(mailEntry, { timeout: MAIL_TIMEOUT }).toBeUndefined();

    // The screens read the list afresh and draw nothing of it (the settings' own panels are drawn).
    const page = await ownerPage(true);
    const answered = () => page.waitForResponse((response) => response.url().endsWith('/api/admin/jobs'));
    let listed = answered();
    await page.goto('/admin/settings');
    await listed;
    await page.getByRole('checkbox', { name: 'Оплаченный заказ', exact: true }).waitFor();
    expect(await page.getByTestId('mail-trouble').count()).toBe(0);
    expect(await page.getByText('Письма ждут отправки').count()).toBe(0);
    listed = answered();
    await page.goto('/admin');
    await listed;
    await page.getByTestId('dashboard-counters').waitFor();
    expect(await page.getByTestId('jobs-notice').count()).toBe(0);
    await page.getByText('Сейчас ничего не требует внимания.').waitFor();
  });
});
