/**
 * User content never widens a page at 360 px: a review, a customer name and a product
 * whose text holds one very long word wrap inside their cards and dialogs instead of pushing the
 * page sideways. The content goes in through the real API (a customer writes, the admin approves).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiData, login, verifiedUser } from '../src/api';
import { baseUrl, DESKTOP, MOBILE, useBrowser } from '../src/browser';
import { newEmail } from '../src/mail';
import { E2E_ADMIN, REPO_ROOT } from '../src/server';

const session = useBrowser();
const SHOTS = join(REPO_ROOT, 'e2e/.artifacts');

const LONG_WORD = 'ы'.repeat(300);
const REVIEW_TEXT = `Чудесный букет! ${LONG_WORD} Спасибо мастеру.`;
const LONG_NAME = `Анна${'н'.repeat(90)}`;
const PRODUCT_NAME = `Пион${'о'.repeat(190)}`;

let productId: string;

beforeAll(async () => {
  const { token } = await verifiedUser(baseUrl(), {
    name: LONG_NAME,
    email: newEmail('long-review'),
    password: 'Long-words-2026',
  });
  const review = await apiData<{ id: string }>(baseUrl(), '/reviews', {
    token,
    body: { reviewText: REVIEW_TEXT, rating: 5 },
  });
  const admin = await login(baseUrl(), E2E_ADMIN);
  await apiData(baseUrl(), `/reviews/admin/${review.id}/approve`, { token: admin, method: 'PUT' });
  const product = await apiData<{ id: string }>(baseUrl(), '/shop', {
    token: admin,
    body: {
      name: { ru: PRODUCT_NAME },
      description: { ru: `Описание ${'д'.repeat(300)} из шёлка.` },
      price: { rub: 1500, eur: null, usd: null },
      category: 'collection',
      availability: 'in_stock',
    },
  });
  productId = product.id;
});

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
}

describe('long words in user content at 360 px', () => {
  it('the home page with an approved review holding a 300-letter word stays 360 px wide', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/');
    const card = page.locator('#reviews li').filter({ hasText: 'Чудесный букет!' });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    const widths = await pageWidth(page);
    expect(widths.document).toBeLessThanOrEqual(MOBILE.width);
    expect(widths.body).toBeLessThanOrEqual(MOBILE.width);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    mkdirSync(SHOTS, { recursive: true });
    await card.screenshot({ path: join(SHOTS, 'long-review-360.png') });
  });

  it('the review card looks the same at 1280 px: the word wraps inside the card', async () => {
    const page = await session.newPage();
    await page.goto('/');
    const card = page.locator('#reviews li').filter({ hasText: 'Чудесный букет!' });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    expect((await pageWidth(page)).document).toBeLessThanOrEqual(DESKTOP.width);
    const list = await page.locator('#reviews ul').first().boundingBox();
    const box = await card.boundingBox();
    // One column of three, not stretched by the word.
    expect(box!.width).toBeLessThan(list!.width / 2);
    await card.screenshot({ path: join(SHOTS, 'long-review-1280.png') });
  });

  it('/shop with a product named by one long word, and its dialog, stay 360 px wide', async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto('/shop?category=collection');
    await page.getByRole('heading', { name: PRODUCT_NAME }).first().waitFor();
    expect((await pageWidth(page)).document).toBeLessThanOrEqual(MOBILE.width);

    await page.goto(`/shop?category=collection&product=${productId}`);
    const dialog = page.getByRole('dialog', { name: PRODUCT_NAME });
    await dialog.waitFor();
    await dialog.getByText('из шёлка').waitFor();
    expect((await pageWidth(page)).document).toBeLessThanOrEqual(MOBILE.width);
    const overflowing = await dialog.evaluate((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => el.tagName.toLowerCase()),
    );
    expect(overflowing).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'long-product-dialog-360.png') });
  });
});
