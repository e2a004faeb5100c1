/** Keyboard alone: skip link, main navigation, language switcher, the mobile menu. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../src/browser';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser();

interface Focused {
  tag: string;
  text: string;
  href: string | null;
  inNav: string | null;
  inFieldset: string | null;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.textContent || el?.getAttribute('aria-label') || '').trim(),
      href: el?.getAttribute('href') ?? null,
      inNav: el?.closest('nav')?.getAttribute('aria-label') ?? null,
      inFieldset: el?.closest('fieldset')?.querySelector('legend')?.textContent ?? null,
    };
  });
}

/** Presses Tab until `match` holds (at most `limit` times); returns every stop on the way. */
async function tabUntil(page: Page, match: (f: Focused) => boolean, limit = 40): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    stops.push(now);
    if (match(now)) return stops;
  }
  throw new Error(`not reached in ${limit} Tab presses; stops: ${stops.map((s) => s.text || s.tag).join(' | ')}`);
}

describe('keyboard', () => {
  it('the first Tab reaches a skip link that moves focus to the main content', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    await page.keyboard.press('Tab');
    const first = await focused(page);
    expect(first.tag).toBe('a');
    expect(first.text).toBe('Перейти к содержимому');
    expect(first.href).toBe('#main');
    expect(await page.getByRole('link', { name: 'Перейти к содержимому' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('Tab from the page start reaches the language switcher and the main navigation', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    const toLanguage = await tabUntil(page, (f) => f.inFieldset === 'Язык');
    expect(toLanguage.at(-1)?.tag).toBe('button');
    // A language button works from the keyboard.
    await tabUntil(page, (f) => f.text === 'EN');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    const toNav = await tabUntil(page, (f) => f.inNav === 'Main navigation');
    expect(toNav.at(-1)?.tag).toBe('a');
    const navStops = await tabUntil(page, (f) => f.text === 'Shop');
    expect(navStops.every((f) => f.inNav === 'Main navigation')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop');
  });

  it('the mobile menu is operable by keyboard: open, move through it, follow a link', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).waitFor();
    await tabUntil(page, (f) => f.text === 'Открыть меню');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await menu.waitFor();
    // Focus moved into the dialog and stays trapped there.
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const stops = await tabUntil(page, (f) => f.text === 'Магазин');
    for (const _ of stops) expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop');
    await menu.waitFor({ state: 'detached' });

    // Reopen with Space, close with Escape.
    await page.getByRole('button', { name: 'Открыть меню' }).focus();
    await page.keyboard.press('Space');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });
});

describe('the auth page by keyboard', () => {
  it('arrow keys move between the tabs; the agreement opens and closes by keyboard; the code boxes step by themselves', async () => {
    const page = await session.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Вход', selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Регистрация', selected: true }).waitFor();
    expect((await focused(page)).text).toBe('Регистрация');

    // The agreement link is a button inside the checkbox label: Enter opens the modal, Escape
    // closes it and focus comes back to the link.
    const agreement = page.getByRole('tabpanel').getByRole('button', { name: 'пользовательское соглашение' });
    await agreement.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back in a task after the dialog unmounts.
    await page.waitForFunction(() => document.activeElement?.textContent === 'пользовательское соглашение', undefined, {
      timeout: ACTION_TIMEOUT,
    });

    await page.getByRole('tab', { name: 'Регистрация' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Код', selected: true }).waitFor();
    await page.getByLabel('Цифра 1 из 6', { exact: true }).focus();
    await page.keyboard.type('4071');
    expect((await focused(page)).text).toBe('Цифра 5 из 6');
    await page.keyboard.press('Backspace');
    expect((await focused(page)).text).toBe('Цифра 4 из 6');
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).text).toBe('Цифра 3 из 6');
    const digits = await page
      .locator('fieldset input')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value).join(''));
    expect(digits).toBe('407');
  });
});
