/**
 * Consents on record: a customer registers through the form (the user agreement and, a box of its
 * own, the personal-data consent) and places an order (the checkout's personal-data consent); her
 * data export lists all three with the document version and her address, and the admin's consent
 * CSV has them too. The admin publishes a new Spanish version of the terms: the page shows it, the
 * first version stays readable at its own address. axe clean on the new admin pages and the
 * versioned page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerThroughUi, TEXTS, typeCode, useToken } from '../src/accounts';
import { apiData, login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, downloadedBytes, useBrowser, waitForPath } from '../src/browser';
import { tickEveryBox } from '../src/consents';
import { newEmail, verificationCode } from '../src/mail';
import { caretToEnd } from '../src/rich-text';
import { E2E_ADMIN } from '../src/server';
import { budget } from '../src/timeouts';

const session = useBrowser();

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Уведомления|Notifications|Notificaciones/ }).getByText(text);
}

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return (await downloadedBytes(file)).toString('utf8');
}

interface ExportedConsent {
  kind: string;
  granted: boolean;
  source: string;
  ip: string;
  document: { kind: string; language: string; version: number };
}

describe('consents on record', () => {
  it(
    'registration consents are in the account export and the admin CSV, and checkout does not ask for them again; a new version leaves the old one readable',
    async () => {
      const email = newEmail('consents');
      const page = await session.newPage();

      // Registration: both boxes, then the mailed code.
      await page.goto('/auth');
      await registerThroughUi(page, 'ru', { name: 'Ирина Согласная', email, password: 'Peony-consent-2026' });
      await page.getByRole('tab', { name: TEXTS.ru.tabs.verify, selected: true }).waitFor();
      await typeCode(page, 'ru', await verificationCode(email));
      await waitForPath(page, (p) => p.startsWith('/account'));
      const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;

      // Checkout: a product in the cart, cash at the pickup point; the personal-data consent she gave
      // at sign-up stands, so it is shown as given (with its date), not asked again.
      const products = await apiData<{ id: string; availability: string; stock: number | null; category: string }[]>(
        baseUrl(),
        '/shop?limit=100',
      );
      const product = products.find(
        (p) => p.availability === 'in_stock' && (p.stock ?? 5) >= 2 && p.category !== 'book',
      );
      if (!product) throw new Error('the demo catalogue has no product in stock');
      await apiData(baseUrl(), '/cart', {
        token,
        method: 'PUT',
        body: { items: [{ type: 'product', id: product.id, quantity: 1 }] },
      });
      await page.goto('/checkout');
      await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
      await page.getByLabel('Имя', { exact: true }).fill('Ирина');
      await page.getByLabel('Фамилия').fill('Согласная');
      await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
      await page.getByRole('radio', { name: /Самовывоз/ }).check();
      await page.getByRole('radio', { name: 'Наличными при получении' }).check();
      await page.getByText(/Вы дали его \d+/).waitFor();
      expect(await page.getByRole('checkbox', { name: /согласие на обработку персональных данных/ }).count()).toBe(0);
      await tickEveryBox(page);
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
      await waitForPath(page, (p) => p.startsWith('/account/orders/thanks/'));

      // The account's data export: both registration consents, version 1, her address; none recorded twice.
      await page.goto('/account/security');
      const exported = JSON.parse(await download(page, 'Скачать мои данные')) as { consents: ExportedConsent[] };
      const consents = exported.consents.map(
        (c) => `${c.source}:${c.kind}:${c.document.language}:${c.document.version}`,
      );
      expect(consents.sort()).toEqual(['registration:agreement:ru:1', 'registration:personal-data:ru:1']);
      expect(exported.consents.every((c) => c.granted && c.ip === '127.0.0.1')).toBe(true);

      // The admin's consents page: the list, axe, and the CSV of personal-data consents with hers.
      const admin = await session.newPage();
      await useToken(admin, await login(baseUrl(), E2E_ADMIN));
      await admin.goto('/admin/consents');
      await admin.getByRole('heading', { level: 1, name: 'Согласия' }).waitFor();
      await admin
        .getByRole('main')
        .getByRole('button', { name: 'Согласие на обработку персональных данных', exact: true })
        .click();
      await expect.poll(() => new URL(admin.url()).searchParams.get('kind')).toBe('personal-data');
      await admin.getByRole('table').getByText(email).first().waitFor();
      await expectNoAxeViolations(admin);
      const csv = await download(admin, 'Скачать CSV');
      const lines = csv.split('\r\n').filter((line) => line.includes(email));
      expect(lines).toHaveLength(1);
      expect(lines.every((line) => line.includes(';Согласие на обработку персональных данных;дано;'))).toBe(true);

      // A new Spanish version of the terms: published from the admin, the old one stays readable.
      await admin.goto('/admin/legal');
      await admin.getByRole('heading', { level: 1, name: 'Правовые документы' }).waitFor();
      // The list itself is checked by axe in the admin shell's walk (both widths); the editor below.
      await admin.getByRole('link', { name: 'Публичная оферта (ES)' }).click();
      await admin.getByRole('heading', { level: 1, name: 'Публичная оферта (ES)' }).waitFor();
      const versions = await apiData<{ kind: string; language: string; version: number; current: boolean }[]>(
        baseUrl(),
        '/legal?lang=es',
      );
      const before = versions.find((v) => v.kind === 'terms')?.version ?? 0;
      const marker = `Cláusula nueva ${Date.now().toString(36)}`;
      // A new section at the end of the text: a heading from the editor's toolbar, then a paragraph.
      const body = admin.getByRole('textbox', { name: 'Текст', exact: true });
      await caretToEnd(body);
      await admin.keyboard.press('Enter');
      await admin
        .getByRole('toolbar', { name: 'Оформление текста' })
        .getByRole('button', { name: 'Заголовок', exact: true })
        .click();
      await admin.keyboard.type(`7. ${marker}`);
      await admin.keyboard.press('Enter');
      await admin.keyboard.type('El Vendedor responde en un día hábil.');
      await expectNoAxeViolations(admin);
      await admin.getByRole('button', { name: `Опубликовать редакцию ${before + 1}` }).click();
      await toast(admin, `Опубликована редакция ${before + 1}`).waitFor();

      const terms = await session.newPage({ locale: 'es-ES' });
      await terms.goto('/terms?lang=es');
      await terms.getByRole('heading', { level: 2, name: `7. ${marker}`, exact: true }).waitFor();
      await terms.goto(`/legal/terms/es/${before}?lang=es`);
      await terms.getByRole('heading', { level: 1 }).waitFor();
      await terms.getByText('Esta es una versión anterior del documento; ya no está vigente.').waitFor();
      expect(await terms.getByText(marker).count()).toBe(0);
      await expectNoAxeViolations(terms);
    },
    budget(30_000),
  );
});
