/**
 * The admin's own shell, as the owner uses it from a phone and a laptop: every section is reached
 * from the 360 px menu button (its label is the page's heading), the menu works by keyboard
 * (Enter opens, Escape closes, focus goes back), no shop header, footer, currency choice or cookie
 * banner shows inside /admin, no table or card is wider than its box at 1280 px and at 360 px, no
 * section shows a developer's word (src/plain-language.ts), and every section is axe clean at both
 * widths.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser } from '../src/browser';
import { developerWords, renderedText } from '../src/plain-language';
import { E2E_ADMIN } from '../src/server';
import { budget, REQUEST_TIMEOUT } from '../src/timeouts';

/** The menu, group by group, as the owner reads it in Russian: the link's text is the page's h1. */
const GROUPS: { label: string | null; sections: { label: string; path: string }[] }[] = [
  {
    label: 'Продажи',
    sections: [
      { label: 'Обзор', path: '/admin' },
      { label: 'Заказы', path: '/admin/orders' },
      { label: 'Индивидуальные заказы', path: '/admin/custom-orders' },
      { label: 'Сертификаты', path: '/admin/gift-certificates' },
    ],
  },
  {
    label: 'Каталог',
    sections: [
      { label: 'Магазин', path: '/admin/shop' },
      { label: 'Видеоуроки', path: '/admin/lessons' },
      { label: 'Курсы и мастер-классы', path: '/admin/courses' },
      { label: 'Промокоды', path: '/admin/promo-codes' },
    ],
  },
  {
    label: 'Содержимое сайта',
    sections: [
      { label: 'Главная и «Обо мне»', path: '/admin/landing' },
      { label: 'Портфолио', path: '/admin/portfolio' },
      { label: 'Отзывы', path: '/admin/reviews' },
      { label: 'Работы учеников', path: '/admin/student-works' },
      { label: 'Правовые документы', path: '/admin/legal' },
      { label: 'Письма', path: '/admin/mails' },
    ],
  },
  {
    label: 'Люди',
    sections: [
      { label: 'Покупатели', path: '/admin/users' },
      { label: 'Согласия', path: '/admin/consents' },
    ],
  },
  { label: null, sections: [{ label: 'Настройки', path: '/admin/settings' }] },
];
const SECTIONS = GROUPS.flatMap((group) => group.sections);

const session = useBrowser();
let adminToken: string;

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
});

async function adminPage(options: { mobile?: boolean; consent?: boolean } = {}): Promise<Page> {
  const page = await session.newPage(options);
  await useToken(page, adminToken);
  return page;
}

async function h1Text(page: Page): Promise<string> {
  return ((await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim();
}

/** The section's heading is shown and its lists have loaded (no loading block left in the page). */
async function sectionReady(page: Page, label: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
  await expect
    .poll(() => page.locator('main [role="status"]:has(.animate-spin)').count(), { timeout: budget(10_000) })
    .toBe(0);
}

/**
 * Every table, its scrolling box, its rows and cells (cards on a phone): content no wider than the
 * box it sits in (1 px for rounding). Returns the offenders, described.
 */
function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = new Set<Element>();
    for (const table of document.querySelectorAll('main table')) {
      boxes.add(table);
      if (table.parentElement) boxes.add(table.parentElement);
      for (const part of table.querySelectorAll('tr, td, th')) boxes.add(part);
    }
    // Visually hidden parts (a phone's table head, kept for screen readers) clip by design.
    const hidden = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        if (getComputedStyle(at).clipPath.startsWith('inset(50%')) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const box of boxes) {
      if (!(box instanceof HTMLElement) || box.offsetParent === null || hidden(box)) continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        const name = box.closest('[aria-label]')?.getAttribute('aria-label') ?? '';
        out.push(`${box.tagName.toLowerCase()} in «${name}»: ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    return out;
  });
}

/** Nothing of the shop's own layout: its navigation, footer, currency choice, cookie banner. */
async function expectNoShopChrome(page: Page): Promise<void> {
  expect(await page.getByRole('navigation', { name: 'Основная навигация' }).count()).toBe(0);
  expect(await page.getByRole('contentinfo').count()).toBe(0);
  expect(await page.getByRole('group', { name: 'Валюта' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'RUB', exact: true }).count()).toBe(0);
  expect(await page.getByRole('region', { name: 'Согласие на использование cookie' }).count()).toBe(0);
  // Its own header and landmarks instead.
  expect(await page.getByRole('banner').count()).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
}

/**
 * What every section must hold once it is shown, at either width: no shop chrome, nothing clipped,
 * no developer's word, and axe clean.
 */
async function expectSectionClean(page: Page, section: { label: string; path: string }, width: number): Promise<void> {
  await sectionReady(page, section.label);
  await expectNoShopChrome(page);
  expect(await clippedBoxes(page), `${section.path} at ${width} px`).toEqual([]);
  expect(developerWords(await renderedText(page)), `${section.path} at ${width} px`).toEqual([]);
  await expectNoAxeViolations(page);
}

// One signed-in page walks each width: the owner moves between sections through the app's own
// menu (a phone) or sidebar (a laptop), as she does, rather than loading every address anew. The
// first section of each walk is a full load; every section's own address is asked of the server
// below (it serves the app there).
describe('the admin shell on a 360 px phone', () => {
  it(
    'every section is reached from the menu button, grouped, its heading is the menu label; each shows no shop chrome, nothing clipped, plain words, axe clean; the counters sit two to a row',
    async () => {
      // No stored cookie choice: the banner would show on the shop, it must not show here.
      const page = await adminPage({ mobile: true, consent: false });
      await page.goto('/admin');
      await sectionReady(page, 'Обзор');
      // The eight counters, two to a row.
      await page.getByTestId('dashboard-counters').getByRole('listitem').first().waitFor();
      const boxes = await page
        .getByTestId('dashboard-counters')
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
      expect(boxes.length).toBe(8);
      expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(4);

      const button = page.getByRole('button', { name: 'Открыть разделы' });
      // While the menu is open the rest of the page is hidden from assistive technology (a modal
      // dialog): read the button's state by its markup then.
      const trigger = page.locator('header button[aria-haspopup="dialog"]');
      // No sidebar on a phone: the sections are behind the button.
      expect(await page.getByRole('navigation', { name: 'Разделы панели администратора' }).count()).toBe(0);

      await button.click();
      const menu = page.getByRole('dialog', { name: 'Разделы' });
      const nav = menu.getByRole('navigation', { name: 'Разделы панели администратора' });
      // The groups in order, each list named by its group; the one-section group needs no name.
      for (const group of GROUPS) {
        if (!group.label) continue;
        const list = nav.getByRole('list', { name: group.label });
        expect(await list.getByRole('link').allTextContents()).toEqual(group.sections.map((s) => s.label));
      }
      expect(await nav.getByRole('link').allTextContents()).toEqual(SECTIONS.map((s) => s.label));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      for (const section of SECTIONS) {
        await button.click();
        expect(await trigger.getAttribute('aria-expanded')).toBe('true');
        await menu.getByRole('link', { name: section.label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === section.path, { waitUntil: 'commit' });
        await page.getByRole('heading', { level: 1, name: section.label, exact: true }).waitFor();
        expect(await h1Text(page)).toBe(section.label);
        expect(await menu.count()).toBe(0);
        expect(await button.getAttribute('aria-expanded')).toBe('false');
        // After choosing a section the keyboard continues on the page, not on the menu button.
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
        await expectSectionClean(page, section, 360);
        await button.click();
        expect(await menu.getByRole('link', { name: section.label, exact: true }).getAttribute('aria-current')).toBe(
          'page',
        );
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
    },
    budget(15_000 * SECTIONS.length),
  );

  it('the menu works by keyboard: Enter opens it with focus inside, Tab reaches the sections, Escape closes it and focus returns', async () => {
    const page = await adminPage({ mobile: true });
    await page.goto('/admin/orders');
    await sectionReady(page, 'Заказы');
    const button = page.getByRole('button', { name: 'Открыть разделы' });
    const trigger = page.locator('header button[aria-haspopup="dialog"]');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Разделы' });
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    // Tab walks to the first section link.
    let reached = false;
    for (let step = 0; step < 5 && !reached; step++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Обзор';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    // The header keeps the shop's name, the way back to the shop and signing out.
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: /^Atelier/ }).waitFor();
    await header.getByRole('link', { name: 'Открыть магазин' }).waitFor();
    await header.getByRole('button', { name: 'Выйти' }).waitFor();
  });
});

describe('the admin shell on a laptop', () => {
  it('every section`s address serves the app', async () => {
    for (const section of SECTIONS) {
      const response = await fetch(new URL(section.path, baseUrl()), { signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
      expect(response.status, section.path).toBe(200);
      expect(await response.text(), section.path).toContain('id="root"');
    }
  });

  it(
    'a grouped sidebar, the header with the owner`s name, the dashboard greets her by name; every section from the sidebar shows no shop chrome, nothing clipped, plain words, axe clean; the header leads back to the shop',
    async () => {
      // No stored cookie choice: the banner would show on the shop, it must not show here.
      const page = await adminPage({ consent: false });
      await page.goto('/admin');
      await sectionReady(page, 'Обзор');
      expect(await page.getByRole('button', { name: 'Открыть разделы' }).isVisible()).toBe(false);
      const sidebar = page.getByRole('navigation', { name: 'Разделы панели администратора' });
      expect(await sidebar.getByRole('link').allTextContents()).toEqual(SECTIONS.map((s) => s.label));
      const header = page.getByRole('banner');
      await expect.poll(() => header.textContent()).toContain('Вы вошли как Анна');
      await page.getByText('Здравствуйте, Анна!', { exact: false }).waitFor();
      expect(await page.getByText('Administrator').count()).toBe(0);
      // The counters as a grid: four in a row.
      const counters = page.getByTestId('dashboard-counters').getByRole('listitem');
      await counters.first().waitFor();
      const tops = await counters.evaluateAll((items) =>
        items.slice(0, 4).map((item) => item.getBoundingClientRect().top),
      );
      expect(new Set(tops).size).toBe(1);

      for (const section of SECTIONS) {
        const link = sidebar.getByRole('link', { name: section.label, exact: true });
        if (section.path !== '/admin') {
          await link.click();
          await page.waitForURL((url) => url.pathname === section.path, { waitUntil: 'commit' });
        }
        await expectSectionClean(page, section, 1280);
        expect(await link.getAttribute('aria-current')).toBe('page');
      }

      await header.getByRole('link', { name: 'Открыть магазин' }).click();
      await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
      // Back in the shop: its own navigation again.
      await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    },
    budget(15_000 * SECTIONS.length),
  );
});
