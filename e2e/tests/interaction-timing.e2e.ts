/**
 * The two interactions a shopper does most, on a 360 px phone with the CPU slowed 4× (Lighthouse's
 * mobile profile): the shop's category filter and add to cart on a product's page. Each must do
 * what it should and be recorded by the page's own Event Timing observer (what INP is made of).
 * The figure is printed here; its target (≤ 200 ms) is judged by `npm run bench -- inp`, not
 * asserted: a loaded machine must not fail a journey for being slow.
 */
import { availableNow, type Product } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, call, verifiedUser } from '../src/api';
import { appStarted, baseUrl, useBrowser } from '../src/browser';
import { addToCart, filterShop, recordInteractions, throttleCpu } from '../src/interactions';
import { ACTION_TIMEOUT } from '../src/timeouts';

const session = useBrowser({ fresh: true });

describe('interactions on a slowed phone', () => {
  it('the shop’s category filter shows the books, and the page records the tap', async () => {
    const page = await session.newPage({ mobile: true });
    await recordInteractions(page);
    await throttleCpu(page);
    await page.goto('/shop');
    await appStarted(page);
    const books = (await call<{ name: { ru: string } }[]>(baseUrl(), '/shop?category=book&limit=12')).data.map(
      (product) => product.name.ru,
    );
    expect(books.length).toBeGreaterThan(0);

    const inp = await filterShop(page, books, ACTION_TIMEOUT);

    expect(new URL(page.url()).searchParams.get('category')).toBe('book');
    expect(inp.interactions).toBeGreaterThanOrEqual(1);
    expect(inp.inpMs).toBeGreaterThan(0);
    console.log(`INP, shop filter (360 px, CPU 4× slower): ${inp.inpMs} ms`);
  });

  it('add to cart on a product’s page counts the item in the header, and the page records the tap', async () => {
    const products = await apiData<Product[]>(baseUrl(), '/shop?category=collection&limit=100');
    const product = products.find((item) => availableNow(item));
    if (!product) throw new Error('the demo catalogue has no bouquet in stock');
    const { token } = await verifiedUser(baseUrl(), `inp-${Date.now()}@example.com`);
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);
    await recordInteractions(page);
    await throttleCpu(page);
    await page.goto(`/shop/${product.id}`);
    await appStarted(page);

    const inp = await addToCart(page, ACTION_TIMEOUT);

    // The account's cart holds it too (the header counted it at once; the server hears it next).
    const cartIds = async () =>
      (await apiData<{ items: { id: string }[] }>(baseUrl(), '/cart', { token })).items.map((item) => item.id);
    await expect.poll(cartIds, { timeout: ACTION_TIMEOUT }).toEqual([product.id]);
    expect(inp.interactions).toBeGreaterThanOrEqual(1);
    expect(inp.inpMs).toBeGreaterThan(0);
    console.log(`INP, add to cart (360 px, CPU 4× slower): ${inp.inpMs} ms`);
  });
});
