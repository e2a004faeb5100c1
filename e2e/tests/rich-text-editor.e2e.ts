/**
 * The owner formats her About text with the editor's toolbar (and its shortcuts) at 1280 px and on
 * a 360 px phone: a heading, a bold and an italic word, a list item and a link (a `javascript:`
 * address is refused in the link dialog). What is saved is the Markdown the shop stored before,
 * with exactly her additions; a reload changes nothing; the public About section shows the bold
 * word in <strong>, the heading and the list. Edits the about text: a server of its own.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { type PageOptions, useBrowser } from '../src/browser';
import { useOwnServer } from '../src/own-server';
import { caretToEnd } from '../src/rich-text';
import { E2E_ADMIN } from '../src/server';
import { budget } from '../src/timeouts';

const baseUrl = useOwnServer({ prefix: 'atelier-e2e-rich-text-', admin: E2E_ADMIN });
const browser = useBrowser();
const newPage = (options: PageOptions = {}) => browser.newPage({ baseURL: baseUrl(), ...options });

interface About {
  content: { ru: string; en?: string | null };
}

const aboutText = async () => (await apiData<About>(baseUrl(), '/landing/about')).content.ru;

function aboutForm(page: Page): Locator {
  return page.locator('form').filter({ has: page.getByRole('heading', { name: 'Раздел «Обо мне»' }) });
}

/** Waits until the button says it is (or is not) pressed: the toolbar follows the caret. */
async function expectPressed(button: Locator, pressed: boolean): Promise<void> {
  try {
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(pressed));
  } catch (error) {
    // What the editor held when the button disagreed: its document, the caret and the focus.
    const state = await button.page().evaluate(`(() => {
      const selection = window.getSelection();
      const at = (node) => node ? (node.nodeType === 3 ? '#text(' + JSON.stringify(node.textContent) + ')' : node.nodeName) : 'none';
      return JSON.stringify({
        html: document.querySelector('[role="textbox"][contenteditable]')?.innerHTML,
        focus: document.activeElement?.outerHTML.slice(0, 120),
        caret: at(selection?.anchorNode) + ':' + selection?.anchorOffset,
      });
    })()`);
    throw new Error(`${(error as Error).message}\neditor: ${state}`);
  }
}

async function toolbarButton(form: Locator, name: string): Promise<Locator> {
  const button = form.getByRole('toolbar', { name: 'Оформление текста' }).getByRole('button', { name, exact: true });
  await button.waitFor();
  return button;
}

describe('the rich-text editor of the About text', () => {
  it.each([
    ['1280 px', false],
    ['360 px', true],
  ])(
    'at %s: toolbar edits are saved as the same Markdown plus the additions, and the home page shows them',
    async (_width, mobile) => {
      const before = await aboutText();
      const stamp = Date.now().toString(36);
      const token = await login(baseUrl(), E2E_ADMIN);
      const page = await newPage({ mobile });
      await useToken(page, token);
      await page.goto('/admin/landing');
      const form = aboutForm(page);
      const editor = form.getByRole('textbox', { name: 'Текст (RU)' });
      await editor.waitFor();
      // The stored text is shown formatted, not as markup.
      expect(await editor.textContent()).not.toContain('**');

      if (mobile) {
        // The toolbar fits the phone in one row: every button is on the first button's line.
        const toolbar = form.getByRole('toolbar', { name: 'Оформление текста' });
        const tops = await toolbar
          .getByRole('button')
          .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
        expect(tops).toHaveLength(7);
        expect(new Set(tops).size).toBe(1);
        const pageFits = await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        );
        expect(pageFits).toBe(true);
      }

      await caretToEnd(editor);
      await page.keyboard.press('Enter');

      const heading = await toolbarButton(form, 'Заголовок');
      await expectPressed(heading, false);
      await heading.click();
      await expectPressed(heading, true);
      // The text box keeps its hint and its validity once the toolbar has changed: the editor is
      // not handed its options again while the owner types.
      expect(await editor.getAttribute('aria-describedby')).toMatch(/\S/);
      expect(await editor.getAttribute('aria-invalid')).toBe('false');
      await page.keyboard.type(`Мастерская ${stamp}`);
      await page.keyboard.press('Enter');
      await expectPressed(heading, false);

      await page.keyboard.type('Цветы из ');
      const bold = await toolbarButton(form, 'Жирный');
      await bold.click();
      await expectPressed(bold, true);
      await page.keyboard.type(`шёлка${stamp}`);
      await bold.click();
      await expectPressed(bold, false);
      await page.keyboard.type(' и ');
      // The shortcut does what the button does.
      await page.keyboard.press('Control+i');
      await expectPressed(await toolbarButton(form, 'Курсив'), true);
      await page.keyboard.type('любви');
      await page.keyboard.press('Control+i');
      await page.keyboard.type('.');
      await page.keyboard.press('Enter');

      const list = await toolbarButton(form, 'Маркированный список');
      await list.click();
      await expectPressed(list, true);
      await page.keyboard.type(`букеты ${stamp}`);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await expectPressed(list, false);

      await page.keyboard.type('Мой ');
      await (await toolbarButton(form, 'Ссылка')).click();
      const dialog = page.getByRole('dialog', { name: 'Ссылка' });
      await dialog.waitFor();
      await dialog.getByLabel('Текст ссылки').fill('сайт');
      await dialog.getByLabel('Адрес').fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Применить' }).click();
      await dialog.getByText('Введите адрес сайта, начинающийся с https:// или http://').waitFor();
      await dialog.getByLabel('Адрес').fill(`https://example.com/atelier-${stamp}`);
      await dialog.getByRole('button', { name: 'Применить' }).click();
      await dialog.waitFor({ state: 'detached' });
      await editor.locator(`a[href="https://example.com/atelier-${stamp}"]`, { hasText: 'сайт' }).waitFor();

      const expected = `${before}\n\n## Мастерская ${stamp}\n\nЦветы из **шёлка${stamp}** и *любви*.\n\n- букеты ${stamp}\n\nМой [сайт](https://example.com/atelier-${stamp})`;
      // The preview shows what the page will show.
      await form.getByRole('button', { name: 'Предпросмотр' }).click();
      const preview = form.getByRole('region', { name: 'Предпросмотр' });
      await preview.locator('strong', { hasText: `шёлка${stamp}` }).waitFor();
      await expectNoAxeViolations(page);

      const saved = page.waitForResponse(
        (res) => res.url().endsWith('/api/landing/about') && res.request().method() === 'PUT',
      );
      await form.getByRole('button', { name: 'Сохранить раздел' }).click();
      expect((await saved).status()).toBe(200);
      expect(await aboutText()).toBe(expected);

      // Reloaded, the editor shows the same text and nothing changes by itself.
      await page.reload();
      const reloaded = aboutForm(page).getByRole('textbox', { name: 'Текст (RU)' });
      await reloaded.locator('h2', { hasText: `Мастерская ${stamp}` }).waitFor();
      await reloaded.locator('strong', { hasText: `шёлка${stamp}` }).waitFor();
      const again = page.waitForResponse(
        (res) => res.url().endsWith('/api/landing/about') && res.request().method() === 'PUT',
      );
      await aboutForm(page).getByRole('button', { name: 'Сохранить раздел' }).click();
      expect((await again).status()).toBe(200);
      expect(await aboutText()).toBe(expected);

      const home = await newPage({ mobile });
      await home.goto('/?lang=ru');
      const about = home.locator('#about');
      await about.locator('strong', { hasText: `шёлка${stamp}` }).waitFor();
      await about.locator('em', { hasText: 'любви' }).first().waitFor();
      await about.getByRole('heading', { name: `Мастерская ${stamp}` }).waitFor();
      await about
        .getByRole('listitem')
        .filter({ hasText: `букеты ${stamp}` })
        .waitFor();
      const link = about.locator(`a[href="https://example.com/atelier-${stamp}"]`);
      expect(await link.textContent()).toBe('сайт');
      expect(await link.getAttribute('rel')).toContain('noopener');
    },
    budget(40_000),
  );
});
