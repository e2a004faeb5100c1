/** Shell routing: old auth addresses, the 404 page, and the guards for guests. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appStarted, useBrowser, waitForPath } from '../src/browser';

const session = useBrowser();

/** Every URL the top frame shows, including client-side (history API) redirects. */
function recordPaths(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

describe('redirects and not-found', () => {
  it('/login redirects to /auth', async () => {
    const page = await session.newPage();
    await page.goto('/login');
    await waitForPath(page, (p) => p === '/auth');
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('main').locator('form').count()).toBeGreaterThanOrEqual(1);
  });

  it('/register redirects to /auth (register tab)', async () => {
    const page = await session.newPage();
    await page.goto('/register');
    await waitForPath(page, (p) => p === '/auth');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('register');
  });

  it('an unknown path redirects to /404, which offers back, home and suggestion links', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    await page.goto('/no-such-page/at-all');
    await waitForPath(page, (p) => p === '/404');
    await page.getByRole('heading', { level: 1, name: 'Страница не найдена' }).waitFor();
    const back = page.getByRole('button', { name: 'Назад' });
    const home = page.getByRole('link', { name: 'На главную', exact: true });
    const suggestions = page.getByRole('navigation', { name: 'Возможно, вы искали' }).getByRole('link');
    await expect(back.isVisible()).resolves.toBe(true);
    await expect(home.isVisible()).resolves.toBe(true);
    expect(await suggestions.count()).toBeGreaterThanOrEqual(2);
    const targets = await suggestions.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(targets).toEqual(expect.arrayContaining(['/shop', '/training']));
    // The unknown address was replaced, so "back" returns to the page before it.
    await back.click();
    await waitForPath(page, (p) => p === '/shop');
  });

  it('the home link of the 404 page leads to /', async () => {
    const page = await session.newPage();
    await page.goto('/404');
    await page.getByRole('link', { name: 'На главную', exact: true }).click();
    await waitForPath(page, (p) => p === '/');
    await page.locator('#about').waitFor();
  });

  it('the server answers an unknown path with status 404 and the app shell', async () => {
    const page = await session.newPage();
    const response = await page.goto('/definitely-not-a-route');
    expect(response?.status()).toBe(404);
    await waitForPath(page, (p) => p === '/404');
  });
});

describe('the title after a client-side navigation', () => {
  it('is the one the server writes for that page, in the page language', async () => {
    const page = await session.newPage();
    await page.goto('/training');
    await appStarted(page);
    const served = await page.title();
    expect(served).toBe('Видеоуроки — Atelier');
    const titleBecomes = (title: string) =>
      page.waitForFunction((expected) => document.title === expected, title, { timeout: 15_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Магазин', exact: true }).click();
    await waitForPath(page, (p) => p === '/shop');
    await titleBecomes('Магазин — Atelier');
    // The home page names the site first, as its server-rendered head does.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /на главную/ })
      .click();
    await waitForPath(page, (p) => p === '/');
    await titleBecomes('Atelier — цветы из шёлка ручной работы');
    const home = await fetch(new URL('/', page.url()), { headers: { accept: 'text/html', cookie: 'lang=ru' } });
    expect(await home.text()).toContain(`<title>${await page.title()}</title>`);
    await page.goBack();
    await waitForPath(page, (p) => p === '/shop');
    await titleBecomes('Магазин — Atelier');
  });
});

describe('guards for guests', () => {
  it('a guest opening /admin is sent to /login and from there to /auth', async () => {
    const page = await session.newPage();
    const seen = recordPaths(page);
    await page.goto('/admin');
    await waitForPath(page, (p) => p === '/auth');
    expect(seen).toContain('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin');
    await expect(page.getByText('Доступ запрещён').count()).resolves.toBe(0);
  });

  it('a guest opening /account ends on /auth', async () => {
    const page = await session.newPage();
    await page.goto('/account');
    await waitForPath(page, (p) => p === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/account');
  });

  it('a guest opening /profile/orders ends on /auth', async () => {
    const page = await session.newPage();
    await page.goto('/profile/orders');
    await waitForPath(page, (p) => p === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile/orders');
  });
});
