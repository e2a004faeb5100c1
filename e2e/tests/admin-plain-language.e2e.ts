/**
 * The owner's screens speak her language, not a developer's: as the admin, in English every admin
 * section (in Russian admin-shell.e2e.ts reads them), in both languages a product's and a lesson's editor, the lesson's video panel and an
 * order paid by card (with its payment events) are read as rendered text, which must hold no
 * setting name (UPPER_SNAKE), no code value printed as is (in_stock), no payment event name the
 * server records (payment.succeeded…), no "HLS" and no "WebVTT". The dashboard says whether Telegram notices are connected, with a guide
 * she can open; the order's payment events read as "Payment received …, amount".
 */
import { formatMoney } from '@atelier/shared';
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, sectionHref } from '../../apps/web/src/features/admin/admin-sections';
import { useToken } from '../src/accounts';
import { apiData, login, orderBody, payOnSandbox, placeOrder, verifiedUser } from '../src/api';
import { type PageOptions, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { useOwnServer } from '../src/own-server';
import { developerWords, renderedText } from '../src/plain-language';
import { E2E_ADMIN } from '../src/server';
import { budget } from '../src/timeouts';

// The journey places and pays an order: on a server of its own, so no other journey's lists change.
const base = useOwnServer({ prefix: 'atelier-e2e-plain-', admin: E2E_ADMIN });
const browser = useBrowser();

const TEXTS = {
  ru: {
    edit: 'Изменить',
    media: 'Главы и субтитры',
    telegramOff: 'Уведомления в Telegram: не подключены.',
    telegramHow: 'Как подключить',
    botFather: '@BotFather',
    received: 'Оплата получена',
    video: 'Видео для медленного интернета',
  },
  en: {
    edit: 'Edit',
    media: 'Chapters and subtitles',
    telegramOff: 'Telegram notifications: not connected.',
    telegramHow: 'How to connect',
    botFather: '@BotFather',
    received: 'Payment received',
    video: 'Video for slow connections',
  },
} as const;
type Lang = keyof typeof TEXTS;

let orderId = '';
/** The owner signs in once for the file. */
let adminToken: string | undefined;
let orderTotal = 0;

beforeAll(async () => {
  // A customer's card order paid through the sandbox: the order keeps a "payment.succeeded" event.
  const { token, email } = await verifiedUser(base(), newEmail('plain'));
  const products = await apiData<{ id: string; category: string; availability: string; stock?: number | null }[]>(
    base(),
    '/shop?limit=100&sort=price_asc',
  );
  const product = products.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 1 && p.category !== 'book');
  if (!product) throw new Error('the demo catalogue has no product in stock');
  const placed = await placeOrder(base(), token, orderBody([{ type: 'product', id: product.id, quantity: 1 }], email));
  expect(placed.status, placed.raw).toBe(201);
  orderId = placed.id!;
  await payOnSandbox(base(), token, orderId);
  const { order } = await apiData<{ order: { status: string; total: number } }>(base(), `/orders/${orderId}`, {
    token,
  });
  expect(order.status).toBe('confirmed');
  orderTotal = order.total;
}, budget(40_000));

async function adminPage(lang: Lang, options: PageOptions = {}, path = '/admin'): Promise<Page> {
  const page = await browser.newPage({ baseURL: base(), ...options });
  adminToken ??= await login(base(), E2E_ADMIN);
  await useToken(page, adminToken);
  await page.goto(`${path}?lang=${lang}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

/** The page's rendered text once its data has arrived. */
async function settledText(page: Page, scope?: Locator): Promise<string> {
  await page.waitForLoadState('networkidle');
  return renderedText(page, scope);
}

/**
 * Waits until the section's data has arrived after a move inside the app (no load event to wait
 * for then): no request of the page's own in flight and no loading block left in the page.
 */
function trackRequests(page: Page): () => number {
  // Only what starts from here on is counted: a request of the first load may end later.
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType())) inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight.size;
}

// In Russian the same sweep runs in admin-shell.e2e.ts, at 1280 px and at 360 px, with its other checks.
describe('the admin in en speaks plainly', () => {
  it(
    'every section page holds no setting name, event name or technical term',
    async () => {
      const lang = 'en';
      const page = await adminPage(lang);
      const inFlight = trackRequests(page);
      const sidebar = page.getByRole('navigation', { name: 'Admin panel sections' });
      const found: Record<string, string[]> = {};
      for (const section of ADMIN_SECTIONS) {
        // The owner moves through the sidebar (the first section is the page just loaded).
        const path = sectionHref(section);
        const link = sidebar.locator(`a[href="${path}"]`);
        if (section.path) {
          await link.click();
          await page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' });
        }
        // Its heading is the link's text, in the language chosen.
        const label = ((await link.textContent()) ?? '').trim();
        await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await expect
          .poll(async () => inFlight() + (await page.locator('main [role="status"]:has(.animate-spin)').count()))
          .toBe(0);
        // The load event's network idle belongs to the page's first load only: a move inside the
        // app has none, and its data has arrived by the wait above.
        const words = developerWords(await (section.path ? renderedText(page) : settledText(page)));
        if (words.length > 0) found[section.key] = words;
      }
      expect(found).toEqual({});
    },
    budget(90_000),
  );
});

describe.each(['ru', 'en'] as const)('the admin in %s speaks plainly', (lang) => {
  const text = TEXTS[lang];

  it(
    'the settings say Telegram is not connected and open a guide in steps',
    async () => {
      const page = await adminPage(lang, {}, '/admin/settings');
      const status = page.getByTestId('telegram-status');
      await status.getByText(text.telegramOff).waitFor();
      await status.getByText(text.telegramHow).click();
      await status.getByText(text.botFather, { exact: false }).first().waitFor();
      expect(await status.locator('ol > li').count()).toBe(4);
      expect(developerWords(await settledText(page))).toEqual([]);
    },
    budget(30_000),
  );

  it(
    'the order paid by card tells its payment in a sentence with the amount',
    async () => {
      const page = await adminPage(lang, {}, `/admin/orders/${orderId}`);
      const payments = page.locator('section[aria-labelledby="admin-order-payments"]');
      const received = payments.getByText(text.received, { exact: false });
      await received.first().waitFor();
      const sentence = (await received.first().textContent()) ?? '';
      expect(sentence).toContain(formatMoney(orderTotal, 'RUB', lang));
      expect(sentence).toMatch(/\d{1,2}:\d{2}/);
      expect(developerWords(await settledText(page))).toEqual([]);
    },
    budget(30_000),
  );

  it(
    'a product’s editor, a lesson’s editor and the lesson’s video panel speak plainly',
    async () => {
      const page = await adminPage(lang, {}, '/admin/shop');
      await page.getByRole('button', { name: text.edit }).first().click();
      const productEditor = page.getByRole('dialog');
      await productEditor.waitFor();
      expect(developerWords(await settledText(page, productEditor))).toEqual([]);
      await page.keyboard.press('Escape');
      await productEditor.waitFor({ state: 'hidden' });

      // To the lessons through the sidebar, as the owner goes.
      const lessonsLink = page.locator('nav a[href="/admin/lessons"]');
      const lessonsLabel = ((await lessonsLink.textContent()) ?? '').trim();
      await lessonsLink.click();
      await page.getByRole('heading', { level: 1, name: lessonsLabel, exact: true }).waitFor();
      await page.getByRole('button', { name: text.edit }).first().click();
      const lessonEditor = page.getByRole('dialog');
      await lessonEditor.waitFor();
      expect(developerWords(await settledText(page, lessonEditor))).toEqual([]);
      await page.keyboard.press('Escape');
      await lessonEditor.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: text.media }).first().click();
      const media = page.getByRole('dialog');
      const status = media.getByTestId('lesson-hls-status');
      await status.getByRole('heading', { name: text.video }).waitFor();
      expect(developerWords(await settledText(page, media))).toEqual([]);
    },
    budget(40_000),
  );
});
