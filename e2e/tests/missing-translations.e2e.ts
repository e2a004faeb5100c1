/**
 * Translations the owner can see: she saves a product written in Russian and English only — the
 * editor marks the empty Spanish tab and warns once before saving (the second save goes through);
 * the admin list marks the product "нет ES"; the Spanish shop (360 px and 1280 px, the page the
 * server sends as well as the running app) shows its Russian name and description marked
 * `lang="ru"` while the page is `lang="es"`, and the English shop its English name unmarked.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { call, login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { type PageOptions, useBrowser } from '../src/browser';
import { useOwnServer } from '../src/own-server';
import { E2E_ADMIN } from '../src/server';

// The journey adds a product to the catalogue: on a server of this file's own.
const baseUrl = useOwnServer({ prefix: 'atelier-e2e-translations-', admin: E2E_ADMIN });
const browser = useBrowser();
const session = { newPage: (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options }) };

interface SavedProduct {
  id: string;
  name: { ru: string; en?: string | null; es?: string | null };
}

const stamp = Date.now().toString(36);
const RU_NAME = `Пион без перевода ${stamp}`;
const RU_DESCRIPTION = `Пион из шёлка, описание только по-русски ${stamp}.`;
const EN_NAME = `Untranslated peony ${stamp}`;

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

/** The `lang` of the nearest element that declares one (the text's language for a screen reader). */
function langOf(locator: Locator): Promise<string | null> {
  return locator.evaluate((element) => element.closest('[lang]')?.getAttribute('lang') ?? null);
}

async function productsNamed(name: string): Promise<SavedProduct[]> {
  return (await call<SavedProduct[]>(baseUrl(), `/shop?search=${encodeURIComponent(name)}`)).data;
}

describe('a product without its Spanish text', () => {
  it('is saved after one warning, marked in the admin list, and shown in Russian with lang="ru" in the Spanish shop', async () => {
    const page = await session.newPage();
    await useToken(page, await login(baseUrl(), E2E_ADMIN));
    await page.goto('/admin/shop');
    await page.getByRole('heading', { level: 1, name: 'Магазин' }).waitFor();
    await page.getByRole('button', { name: 'Добавить товар' }).click();
    const editor = page.getByRole('dialog', { name: 'Новый товар' });
    await editor.getByLabel('Название (RU)').fill(RU_NAME);
    await editor.getByLabel('Описание (RU)').fill(RU_DESCRIPTION);
    const texts = editor.getByRole('group', { name: 'Язык текстов' }).first();
    // With Russian written, the other languages' tabs say they are empty.
    await texts.getByRole('button', { name: 'EN (не заполнено)' }).click();
    await editor.getByLabel('Название (EN)').fill(EN_NAME);
    await editor.getByLabel('Описание (EN)').fill(`A silk peony ${stamp}.`);
    await texts.getByRole('button', { name: 'EN', exact: true }).waitFor();
    await texts.getByRole('button', { name: 'ES (не заполнено)' }).waitFor();
    await editor.getByLabel('Цена, ₽').fill('2500');

    // First save: held, with the warning; nothing is saved.
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const warning = editor.getByRole('alert').filter({ hasText: 'Нет испанского текста' });
    await warning.waitFor();
    // It names the empty fields as the form labels them, and what visitors will see instead.
    expect(await warning.textContent()).toContain('Название (ES)');
    expect(await warning.textContent()).toContain('увидят там русский текст');
    await expectNoAxeViolations(page);
    expect(await productsNamed(RU_NAME)).toEqual([]);
    // "Go back and fill in" closes it and leads to the empty language's tab.
    await warning.getByRole('button', { name: 'Вернуться и заполнить' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^ES/);

    // Second save of the same form: no second question.
    await editor.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await toast(page, 'Товар сохранён').waitFor();
    await editor.waitFor({ state: 'hidden' });
    const [saved] = await productsNamed(RU_NAME);
    expect(saved?.name).toMatchObject({ ru: RU_NAME, en: EN_NAME });
    expect(saved?.name.es ?? '').toBe('');
    const product = saved as SavedProduct;

    // The admin list marks it: Spanish missing, English not.
    await page.getByRole('searchbox').first().fill(RU_NAME);
    const row = page.getByRole('row').filter({ hasText: RU_NAME });
    await row.getByText('нет ES', { exact: true }).waitFor();
    expect(await row.getByText('нет EN', { exact: true }).count()).toBe(0);
    expect(await row.textContent()).toContain('Нет перевода на испанский');
    // The list is dimmed while the search's answer is on its way (the search starts after a pause
    // in the typing, so the unfiltered list may show the row first); axe reads it once the filtered
    // list has arrived: the header row and this product's row only.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The Spanish shop, switched to by the visitor: the Russian name, marked as Russian.
    const shop = await session.newPage();
    await shop.goto(`/shop?search=${encodeURIComponent(RU_NAME)}`);
    await shop.getByRole('button', { name: 'ES', exact: true }).click();
    await shop.waitForFunction(() => document.documentElement.lang === 'es');
    const card = shop.getByRole('button', { name: RU_NAME, exact: true });
    await card.waitFor();
    await expect(langOf(card)).resolves.toBe('ru');

    // Its page on a phone: the heading and the description are marked too.
    const phone = await session.newPage({ mobile: true });
    await phone.goto(`/shop/${product.id}?lang=es`);
    const heading = phone.getByRole('heading', { level: 1, name: RU_NAME });
    await heading.waitFor();
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect(langOf(heading)).resolves.toBe('ru');
    await expect(langOf(phone.getByText(RU_DESCRIPTION))).resolves.toBe('ru');
    await expectNoAxeViolations(phone);

    // The English shop has the English name: no mark, the page's own language.
    const english = await session.newPage({ mobile: true });
    await english.goto(`/shop?search=${encodeURIComponent(RU_NAME)}&lang=en`);
    const englishCard = english.getByRole('button', { name: EN_NAME, exact: true });
    await englishCard.waitFor();
    await expect(langOf(englishCard)).resolves.toBe('en');

    // The page the server sends to the Spanish shop declares the name Russian already.
    const res = await fetch(new URL(`/shop?search=${encodeURIComponent(RU_NAME)}`, baseUrl()), {
      headers: { accept: 'text/html', cookie: 'lang=es' },
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('<html lang="es"');
    // The card's heading that holds the name (its button inside) declares it Russian.
    const rendered = new RegExp(`<h2([^>]*)>(?:<[^>]*>)*${RU_NAME}<`).exec(body);
    expect(rendered, 'the product card in the rendered shop').not.toBeNull();
    expect(rendered?.[1]).toContain('lang="ru"');
  });
});
