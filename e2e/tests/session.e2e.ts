/**
 * A signed-in customer stays signed in when the session check cannot reach a verdict (the
 * token is dropped only when the server refuses it). The check is held, failed or aborted in the
 * browser with page.route; the server itself is the real one.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../src/accounts';
import { verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { newEmail } from '../src/mail';

const session = useBrowser();
const ME = '**/api/auth/me';

/** The customer of these journeys (a new address each time). */
const NINA = { name: 'Нина Сессия', password: 'Peony-session-2026' };

/**
 * Stores the token before the first page runs, once: unlike useToken it does not put it back on
 * later navigations, so a token the app dropped stays dropped.
 */
async function useTokenOnce(page: Page, token: string): Promise<void> {
  await page.context().addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-token-seeded')) return;
    window.sessionStorage.setItem('e2e-token-seeded', '1');
    window.localStorage.setItem('token', value);
  }, token);
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

function errorState(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Не удалось проверить вход' });
}

describe('the session survives a check that could not reach the server', () => {
  it('navigating away while /api/auth/me is still pending keeps the login: /account opens signed in', async () => {
    const { token } = await verifiedUser(baseUrl(), { ...NINA, email: newEmail('session-pending') });
    const page = await session.newPage();
    await useTokenOnce(page, token);
    let held!: () => void;
    const checkHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Only the first page's check is held; the next page's goes through to the server.
    let first = true;
    await page.route(ME, async (route: Route) => {
      if (!first) return route.continue();
      first = false;
      held();
      await released;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/shop');
    await checkHeld;
    await page.goto('/account');
    release();
    await page.getByRole('heading', { level: 1, name: TEXTS.ru.accountTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await storedToken(page)).toBe(token);
  });

  it.each([
    ['a 500', (route: Route) => route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR' } })],
    ['a network failure', (route: Route) => route.abort('failed')],
  ])('%s keeps the token and shows the error state; Retry signs in once the server answers', async (_name, fail) => {
    const { token } = await verifiedUser(baseUrl(), { ...NINA, email: newEmail('session-failing') });
    const page = await session.newPage();
    await useTokenOnce(page, token);
    let failing = true;
    let checks = 0;
    await page.route(ME, (route: Route) => {
      checks++;
      return failing ? fail(route) : route.continue();
    });
    await page.goto('/account');
    await errorState(page).waitFor();
    // Retried with a pause before giving up, and never sent to /auth.
    expect(checks).toBeGreaterThan(1);
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await storedToken(page)).toBe(token);
    await expectNoAxeViolations(page);

    failing = false;
    await page.getByRole('button', { name: 'Повторить' }).click();
    await page.getByRole('heading', { level: 1, name: TEXTS.ru.accountTitle }).waitFor();
    expect(await storedToken(page)).toBe(token);
  });

  it('the admin area shows the same error state instead of the login page', async () => {
    const { token } = await verifiedUser(baseUrl(), { ...NINA, email: newEmail('session-admin') });
    const page = await session.newPage();
    await useTokenOnce(page, token);
    await page.route(ME, (route: Route) => route.abort('timedout'));
    await page.goto('/admin');
    await errorState(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await storedToken(page)).toBe(token);
  });

  it('a token the server refuses (401) is dropped and /account sends the visitor to /auth', async () => {
    const page = await session.newPage();
    await useTokenOnce(page, 'not-a-real-session-token-0123456789');
    await page.goto('/account');
    await waitForPath(page, (path) => path === '/auth');
    expect(await storedToken(page)).toBeNull();
  });
});
