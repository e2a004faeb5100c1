/**
 * Public pages come from the server with their content: readable before any script runs (and with
 * JavaScript off), in the visitor's language and currency, hydrated without a warning and without
 * asking the API again for what the page already carries; an admin's change shows on the next page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiData, call, login } from '../src/api';
import { appStarted, type PageOptions, useBrowser } from '../src/browser';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';

// Every public page, lesson and course is loaded and checked for the smallest console warning:
// other journeys add and withdraw lessons and courses on the run's server, so this file has its own.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-ssr-', admin: E2E_ADMIN });
const browser = useBrowser({ fresh: true });
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };

interface Named {
  id: string;
  title?: { ru: string; en?: string; es?: string };
  name?: { ru: string; en?: string; es?: string };
}

async function html(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const res = await fetch(new URL(path, baseUrl()), { headers: { accept: 'text/html', ...headers } });
  return { status: res.status, body: await res.text() };
}

/** The markup inside #root, as the server sent it. */
function rootOf(body: string): string {
  const start = body.indexOf('<div id="root">');
  const end = body.indexOf('<script type="application/json" id="ssr-state">');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return body.slice(start, end);
}

/** The server-rendered `<main>` of a page. */
function mainOf(body: string): string {
  const root = rootOf(body);
  return root.slice(root.indexOf('<main'), root.indexOf('</main>'));
}

/** Text as it appears in HTML (the few characters React escapes). */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function publicPages() {
  const lessons = await apiData<Named[]>(baseUrl(), '/training/lessons');
  const courses = await apiData<Named[]>(baseUrl(), '/training/courses');
  const products = await apiData<Named[]>(baseUrl(), '/shop?limit=12');
  const about = await apiData<{ title: { ru: string } }>(baseUrl(), '/landing/about');
  const reviews = await apiData<{ reviewText: string }[]>(baseUrl(), '/reviews');
  const lesson = lessons[0];
  const course = courses[0];
  if (!lesson?.title || !course?.title || !products[0]?.name || !reviews[0]) throw new Error('demo content missing');
  return [
    { path: '/', texts: [about.title.ru, reviews[0].reviewText.slice(0, 40)] },
    { path: '/shop', texts: [products[0].name.ru] },
    { path: '/training', texts: [lesson.title.ru, course.title.ru] },
    { path: `/training-detail/${lesson.id}`, texts: [lesson.title.ru] },
    { path: `/training-course/${course.id}`, texts: [course.title.ru] },
    { path: '/privacy', texts: ['Политика'] },
    { path: '/404', texts: ['404'] },
  ];
}

/** Console errors and warnings, page errors and API requests of one page load. */
function watch(page: Page) {
  const problems: string[] = [];
  const api: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
  });
  return { problems, api };
}

describe('server-rendered public pages', () => {
  it('each page’s HTML carries its main content before any script runs', async () => {
    for (const { path, texts } of await publicPages()) {
      const { body } = await html(path);
      const root = rootOf(body);
      for (const text of texts) expect(root, `${path} shows “${text}”`).toContain(inHtml(text));
    }
  });

  it('reads with JavaScript off: content, links and prices are there', async () => {
    const pages = await publicPages();
    const page = await session.newPage({ javaScriptEnabled: false, mobile: true });
    for (const { path, texts } of pages) {
      await page.goto(path);
      const main = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ');
      for (const text of texts) expect(main, `${path} without JS`).toContain(text.replace(/\s+/g, ' ').trim());
    }
    await page.goto('/shop');
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('main').textContent()).toContain('₽');
    expect(await page.locator('header a[href="/shop"]').count()).toBeGreaterThan(0);
  });

  it('hydrates every page without a warning and without fetching what the page carries', async () => {
    const embedded: Record<string, RegExp> = {
      '/': /^\/api\/(landing|landing\/about|portfolio|reviews)(\?|$)/,
      '/shop': /^\/api\/(landing|shop)(\?|$)/,
      '/training': /^\/api\/(landing|training\/lessons|training\/courses)(\?|$)/,
      lesson: /^\/api\/(landing|training\/lessons\/[\w-]+)(\?|$)/,
      course: /^\/api\/(landing|training\/courses\/[\w-]+)(\?|$)/,
      '/privacy': /^\/api\/landing(\?|$)/,
      '/404': /^\/api\/landing(\?|$)/,
    };
    for (const { path } of await publicPages()) {
      const page = await session.newPage({ mobile: true });
      const seen = watch(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await appStarted(page);
      const key = path.startsWith('/training-detail/')
        ? 'lesson'
        : path.startsWith('/training-course/')
          ? 'course'
          : path;
      const pattern = embedded[key];
      expect(pattern, key).toBeDefined();
      expect(seen.problems, `${path}: console`).toEqual([]);
      expect(
        seen.api.filter((url) => pattern?.test(url)),
        `${path}: refetched`,
      ).toEqual([]);
      await page.close();
    }
  });

  it('the hydrated page works: the currency switch reprices the shop in the browser', async () => {
    const page = await session.newPage();
    await page.goto('/shop');
    await appStarted(page);
    const first = page.locator('main article').first();
    expect(await first.textContent()).toContain('₽');
    await page.getByRole('banner').getByRole('button', { name: 'EUR', exact: true }).first().click();
    await page.waitForFunction(() => document.querySelector('main article')?.textContent?.includes('€'));
    // …and the choice reaches the server: the next page is rendered in euros.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'currency')?.value).toBe('EUR');
  });

  it('renders in the language and currency of the cookie, or of local storage, server-side', async () => {
    const en = await html('/shop', { cookie: 'lang=en; currency=EUR' });
    expect(en.body).toContain('<html lang="en"');
    const enMain = mainOf(en.body);
    expect(enMain).toContain('>Shop</h1>');
    // Product prices in euros, and not one in roubles.
    expect(enMain).toMatch(/>€\d/);
    expect(enMain).not.toContain('₽');

    // A visitor whose choice is only in local storage (set before the cookie existed): the first
    // page hands it to the server, and the next one comes rendered in dollars and Spanish.
    const page = await session.newPage({ javaScriptEnabled: true, locale: 'es-ES' });
    await page.addInitScript(() => window.localStorage.setItem('currency', 'USD'));
    await page.goto('/training');
    await appStarted(page);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'currency')?.value).toBe('USD');
    const res = await page.reload();
    const body = (await res?.text()) ?? '';
    expect(body).toContain('<html lang="es"');
    const main = mainOf(body);
    expect(main).toMatch(/\d\u00a0\$/);
    const state = JSON.parse(/id="ssr-state">([^<]*)</.exec(body)?.[1] ?? '{}') as { lang: string; currency: string };
    expect(state).toMatchObject({ lang: 'es', currency: 'USD' });
  });

  it('an admin’s change shows on the next server-rendered page', async () => {
    const token = await login(baseUrl(), E2E_ADMIN);
    const before = await apiData<{ title: Record<string, string>; content: Record<string, string> }>(
      baseUrl(),
      '/landing/about',
    );
    const warm = await html('/?lang=es');
    const stamp = `Taller ${Date.now()}`;
    expect(warm.body).not.toContain(stamp);
    const saved = await call(baseUrl(), '/landing/about', {
      method: 'PUT',
      token,
      body: { title: { ...before.title, es: stamp }, content: before.content },
    });
    expect(saved.data).toBeDefined();
    try {
      expect(rootOf((await html('/?lang=es')).body)).toContain(stamp);
      const page = await session.newPage({ javaScriptEnabled: false });
      await page.goto('/?lang=es');
      expect(await page.locator('#about-title').textContent()).toBe(stamp);
    } finally {
      await call(baseUrl(), '/landing/about', {
        method: 'PUT',
        token,
        body: { title: before.title, content: before.content },
      });
    }
  });
});
