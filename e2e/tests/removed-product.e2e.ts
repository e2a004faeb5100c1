/**
 * An old Instagram post links to a piece the owner has since removed: on a 360 px phone in Russian
 * its link `/shop?product=<id>` answers 410 Gone (noindex) and says the piece is no longer
 * available, links to its category and offers similar pieces as cards; a card leads to that
 * piece's own page. axe finds nothing on the notice.
 */
import type { Product } from '@atelier/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiData, login } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { appStarted, baseUrl, useBrowser, waitForPath } from '../src/browser';
import { E2E_ADMIN } from '../src/server';

const session = useBrowser();

const POSTED = { ru: 'Пионы «Из старого поста»', en: 'Peonies “From an old post”' };
let adminToken: string;
let removedId: string;

beforeAll(async () => {
  adminToken = await login(baseUrl(), E2E_ADMIN);
  removedId = (
    await apiData<{ id: string }>(baseUrl(), '/shop', {
      token: adminToken,
      body: {
        name: POSTED,
        description: { ru: 'Букет, которым хвастались в инстаграме.' },
        price: { rub: 4200, eur: 45, usd: 48 },
        category: 'collection',
        availability: 'in_stock',
        stock: 1,
      },
    })
  ).id;
  // The owner removes it (no one ordered it: deleted for good, its tombstone kept).
  const removed = await apiData<{ outcome: string }>(baseUrl(), `/shop/${removedId}`, {
    token: adminToken,
    method: 'DELETE',
  });
  expect(removed.outcome).toBe('deleted');
});

describe('the link of a removed piece', () => {
  it('on a 360 px phone in Russian: 410, the notice, its category and similar pieces; a piece opens its page', async () => {
    const page = await session.newPage({ mobile: true });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto(`/shop?product=${removedId}`);
    expect(response?.status()).toBe(410);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*">/);
    // The server sends the notice itself: it reads before any script runs.
    expect(html).toMatch(/<h2 id="product-gone-title"[^>]*>Этой работы больше нет в магазине<\/h2>/);
    await appStarted(page);

    const notice = page.getByRole('region', { name: 'Этой работы больше нет в магазине' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`${POSTED.ru}: эта работа продана или снята с продажи.`);
    const category = notice.getByRole('link', { name: 'Ещё в разделе «Цветы и украшения»' });
    expect(await category.getAttribute('href')).toBe('/shop?category=collection');
    // In the first screen of the phone, above the shop's list.
    const box = await notice.getByRole('heading', { level: 2 }).boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);

    const cards = notice.getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const similar = await apiData<Product[]>(baseUrl(), '/shop?category=collection&sort=newest&limit=100');
    const names = await notice.getByRole('listitem').getByRole('heading').allTextContents();
    expect(names).not.toContain(POSTED.ru);
    const first = similar.find((product) => product.name.ru === names[0]?.trim());
    if (!first) throw new Error(`the first similar piece "${names[0]}" is not a listed piece of the category`);
    expect(first.availability).not.toBe('out_of_stock');
    await expectNoAxeViolations(page);

    await cards.first().getByRole('link').click();
    await waitForPath(page, (path) => path === `/shop/${first.id}`);
    await page.getByRole('heading', { level: 1, name: first.name.ru }).waitFor();
    // Hydrated over the server's markup without a mismatch.
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });

  it('answers 404 for an id that never named a piece', async () => {
    const res = await fetch(new URL('/shop?product=00000000-0000-4000-8000-00000000dead', baseUrl()), {
      headers: { accept: 'text/html', cookie: 'lang=ru' },
    });
    expect(res.status).toBe(404);
  });
});
