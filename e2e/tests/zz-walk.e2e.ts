/** Scratch walk for docs screenshots: never commit. */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { useToken } from '../src/accounts';
import { apiData, login, payOnSandbox, verifiedUser } from '../src/api';
import { expectNoAxeViolations } from '../src/axe';
import { baseUrl, useBrowser, waitForPath } from '../src/browser';
import { holdWallClock, letCountdownsEnd } from '../src/clock';
import { tickEveryBox } from '../src/consents';
import { newEmail } from '../src/mail';
import { E2E_ADMIN, REPO_ROOT } from '../src/server';

const session = useBrowser();
const OUT = join(REPO_ROOT, 'docs/screenshots');
const LOG = '/tmp/walk/log.txt';
mkdirSync('/tmp/walk', { recursive: true });
const log = (line: string) => appendFileSync(LOG, `${line}\n`);

type Lang = 'ru' | 'en-eur';

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(
      () => [...document.images].every((img) => img.complete || img.getBoundingClientRect().width === 0),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => log('  (images still loading)'));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

async function textChecks(page: Page, name: string, lang: Lang, width: number) {
  const info = await page.evaluate(() => ({
    text: document.body.innerText,
    scrollWidth: document.documentElement.scrollWidth,
    title: document.title,
  }));
  const text = info.text;
  const issues: string[] = [];
  if (lang === 'en-eur') {
    if (/₽|руб/i.test(text)) issues.push('RUB figure in en-eur');
    if (/\$/.test(text)) issues.push('$ in en-eur');
    const cyr = text.match(/[А-Яа-яЁё][^\n]{0,40}/g);
    if (cyr) issues.push(`Cyrillic: ${cyr.slice(0, 8).join(' | ')}`);
  } else {
    if (/€|\$|EUR|USD/.test(text)) issues.push('foreign currency in ru');
    const lat = text
      .match(/\b[A-Za-z]{4,}\b/g)
      ?.filter((w) => !/^(Atelier|PayPal|Email|email|Telegram|WhatsApp|Instagram|VK)$/.test(w));
    if (lat?.length) issues.push(`Latin words: ${[...new Set(lat)].slice(0, 20).join(' ')}`);
  }
  if (/undefined|null|NaN|\{\{|\w+\.\w+\.\w+/.test(text)) {
    const m = text.match(/.{0,30}(undefined|null|NaN|\{\{|\b[a-z]+\.[a-z]+\.[a-zA-Z]+\b).{0,30}/g);
    issues.push(`dev words? ${m?.slice(0, 5).join(' | ')}`);
  }
  if (info.scrollWidth > width) issues.push(`horizontal overflow: scrollWidth ${info.scrollWidth}`);
  log(`  [${name} ${lang} ${width}] title="${info.title}" ${issues.length ? issues.join(' ;; ') : 'text ok'}`);
  if (width === 360) log(`  TEXT ${name} ${lang}:\n${text.replace(/\n+/g, ' ⏎ ').slice(0, 2500)}`);
}

async function tabWalk(page: Page, name: string, lang: Lang, width: number) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.mouse.click(1, 1).catch(() => {});
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const steps: string[] = [];
  const problems: string[] = [];
  let seen = 0;
  for (let i = 0; i < 90; i++) {
    await page.keyboard.press('Tab');
    const s = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { body: true } as const;
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      const ring =
        (cs.outlineStyle !== 'none' && cs.outlineWidth !== '0px') || (cs.boxShadow && cs.boxShadow !== 'none');
      const label = (
        el.getAttribute('aria-label') ||
        el.innerText ||
        (el as HTMLInputElement).value ||
        el.getAttribute('name') ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const inFrame = el.tagName === 'IFRAME';
      return {
        body: false,
        desc: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${label}"`,
        zero: r.width === 0 || r.height === 0,
        offscreenX: r.right < 0 || r.left > window.innerWidth,
        hidden: cs.visibility === 'hidden' || cs.opacity === '0',
        ring,
        inFrame,
      } as const;
    });
    if (s.body) {
      steps.push('<body>');
      if (seen > 0) break;
      continue;
    }
    seen++;
    let flag = '';
    if (s.zero) flag += ' ZERO-SIZE';
    if (s.offscreenX) flag += ' OFFSCREEN';
    if (s.hidden) flag += ' HIDDEN';
    if (!s.ring) flag += ' no-ring';
    if (flag) problems.push(`${s.desc}${flag}`);
    steps.push(`${s.desc}${flag}`);
  }
  log(
    `  TAB [${name} ${lang} ${width}] ${seen} stops; ${problems.length ? `flags: ${problems.join(' | ')}` : 'no flags'}`,
  );
  log(`    order: ${steps.join(' → ')}`);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function axe(page: Page, name: string) {
  try {
    await expectNoAxeViolations(page);
    log(`  axe ${name}: clean`);
  } catch (error) {
    log(`  axe ${name}: ${(error as Error).message.slice(0, 1500)}`);
  }
}

/** Shoots the page at its current width (360), then at 1280 (unless only), then back to 360. */
async function shoot(page: Page, name: string, lang: Lang, widths: number[] = [360, 1280], tab = true) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.waitForTimeout(400);
    await settle(page);
    const file = join(OUT, `${name}-${lang}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    log(`wrote ${file}`);
    await textChecks(page, name, lang, width);
    if (tab) await tabWalk(page, name, lang, width);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(200);
}

async function enEur(page: Page) {
  await page.context().addCookies([
    { name: 'lang', value: 'en', url: baseUrl() },
    { name: 'currency', value: 'EUR', url: baseUrl() },
  ]);
  await page.context().addInitScript(() => window.localStorage.setItem('currency', 'EUR'));
}

interface ShopProduct {
  id: string;
  name: { ru: string; en?: string };
  availability: string;
  stock: number | null;
  category: string;
  subcategory: string | null;
  bookFormats?: string[];
  price: { eur: number | null; rub: number };
}

const products = () => apiData<ShopProduct[]>(baseUrl(), '/shop?limit=100&sort=price_desc');

describe('walk', () => {
  it('checkout-second-purchase ru', async () => {
    log('\n=== checkout-second-purchase ru');
    const all = await products();
    const bouquet = all.find(
      (p) => p.subcategory === 'bouquets' && p.availability === 'in_stock' && (p.stock ?? 5) >= 3,
    )!;
    const email = newEmail('walk-second');
    const { token } = await verifiedUser(baseUrl(), { name: 'Вера Повторная', email, password: 'Silk-again-2026' });
    const first = await apiData<{ order: { id: string } }>(baseUrl(), '/orders', {
      token,
      body: {
        items: [{ type: 'product', id: bouquet.id, quantity: 1 }],
        customer: { firstName: 'Вера', lastName: 'Повторная', email, phone: '+7 912 345-67-89' },
        delivery: {
          method: 'standard',
          country: 'RU',
          city: 'Казань',
          address: 'ул. Баумана, 15',
          postalCode: '420111',
        },
        paymentMethod: 'card',
        currency: 'RUB',
        acceptTerms: true,
        consents: [],
        rememberDetails: true,
      },
    });
    await payOnSandbox(baseUrl(), token, first.order.id);
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: bouquet.id, quantity: 1 }] },
    });
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByText(/Вы дали его \d+/).waitFor();
    log(
      `  address value: ${await page
        .getByLabel('Адрес', { exact: true })
        .inputValue()
        .catch(() => '?')}`,
    );
    await page.getByRole('radio', { name: 'Банковская карта' }).check();
    await shoot(page, 'checkout-second-purchase', 'ru');
    await axe(page, 'checkout-second-purchase ru');
  });

  it('checkout-second-purchase en-eur', async () => {
    log('\n=== checkout-second-purchase en-eur');
    const all = await products();
    const bouquet = all.find(
      (p) => p.subcategory === 'bouquets' && p.availability === 'in_stock' && (p.stock ?? 5) >= 3 && p.price.eur,
    )!;
    const email = newEmail('walk-second-en');
    const { token } = await verifiedUser(baseUrl(), { name: 'Emma Return', email, password: 'Silk-again-2026' });
    let country = 'DE';
    const body = (c: string) => ({
      items: [{ type: 'product', id: bouquet.id, quantity: 1 }],
      customer: { firstName: 'Emma', lastName: 'Return', email, phone: '+49 30 1234567' },
      delivery:
        c === 'DE'
          ? { method: 'standard', country: 'DE', city: 'Berlin', address: 'Torstraße 12', postalCode: '10119' }
          : { method: 'standard', country: 'RU', city: 'Kazan', address: 'Baumana st, 15', postalCode: '420111' },
      paymentMethod: 'card',
      currency: 'RUB',
      acceptTerms: true,
      consents: [],
      rememberDetails: true,
    });
    let first: { order: { id: string } };
    try {
      first = await apiData(baseUrl(), '/orders', { token, body: body('DE'), lang: 'en' });
    } catch (error) {
      log(`  DE order refused: ${(error as Error).message.slice(0, 300)}`);
      country = 'RU';
      first = await apiData(baseUrl(), '/orders', { token, body: body('RU'), lang: 'en' });
    }
    log(`  first order country ${country}`);
    await payOnSandbox(baseUrl(), token, first.order.id);
    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await enEur(page);
    await useToken(page, token);
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: bouquet.id, quantity: 1 }] },
    });
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.waitForTimeout(1500);
    await shoot(page, 'checkout-second-purchase', 'en-eur');
    await axe(page, 'checkout-second-purchase en-eur');
  });

  it('payment-cancel / order-awaiting-payment / cart-returned ru', async () => {
    log('\n=== cancel flow ru');
    const all = await products();
    const product = all.find((p) => p.availability === 'in_stock' && (p.stock ?? 0) >= 3 && p.category !== 'book')!;
    const email = newEmail('walk-change');
    const { token } = await verifiedUser(baseUrl(), { name: 'Ольга Полевая', email, password: 'Silk-aster-2026' });
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: product.id, quantity: 2 }] },
    });
    const page = await session.newPage({ mobile: true });
    await useToken(page, token);
    await page.goto('/cart');
    await page.getByText(product.name.ru, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя', { exact: true }).fill('Ольга');
    await page.getByLabel('Фамилия').fill('Полевая');
    await page.getByLabel('Телефон').fill('+7 (912) 345-67-89');
    await page.getByRole('radio', { name: /Стандартная доставка/ }).check();
    await page.getByLabel('Страна').fill('Россия');
    await page.getByLabel('Город').fill('Казань');
    await page.getByLabel('Адрес').fill('ул. Баумана, 12, кв. 3');
    await page.getByLabel('Индекс').fill('420111');
    await page.getByRole('radio', { name: 'Банковская карта' }).check();
    await tickEveryBox(page);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('button', { name: 'Отменить' }).click();
    await waitForPath(page, (p) => p === '/payment/cancel');
    await page.getByRole('heading', { level: 1, name: 'Оплата отменена' }).waitFor();
    const number = new URL(page.url()).searchParams.get('order');
    await page.getByRole('button', { name: 'Изменить заказ' }).waitFor();
    const cancelUrl = page.url();
    await shoot(page, 'payment-cancel', 'ru');
    await axe(page, 'payment-cancel ru');

    await page.goto(`/account/orders/thanks/${number}`);
    await page.getByText('Заказ оформлен и ждёт оплаты.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Оплатить сейчас' }).waitFor();
    await shoot(page, 'order-awaiting-payment', 'ru');
    await axe(page, 'order-awaiting-payment ru');

    // "Try again" goes to the sandbox again (button works?)
    await page.goto(cancelUrl);
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/')).then(
      () => log('  Попробовать снова → sandbox OK'),
      () => log(`  Попробовать снова did NOT reach the sandbox: ${page.url()}`),
    );
    await page.goto(cancelUrl);
    await page.getByRole('button', { name: 'Изменить заказ' }).click();
    await waitForPath(page, (p) => p === '/cart');
    await page.getByText(`Заказ № ${number} отменён, его товары снова в корзине`).waitFor();
    await page.getByText(product.name.ru, { exact: true }).waitFor();
    await shoot(page, 'cart-returned', 'ru');
    await axe(page, 'cart-returned ru');
    await page.reload();
    await page.getByText(product.name.ru, { exact: true }).waitFor();
    log(
      `  after reload the cart notice is ${(await page.getByText(`Заказ № ${number} отменён`).count()) ? 'still there' : 'gone'}`,
    );
  });

  it('payment-cancel / order-awaiting-payment / cart-returned en-eur (PayPal)', async () => {
    log('\n=== cancel flow en-eur');
    const books = await apiData<ShopProduct[]>(baseUrl(), '/shop?category=book&limit=100');
    const book = books.find((b) => b.bookFormats?.includes('digital') && b.price.eur !== null)!;
    const email = newEmail('walk-change-en');
    const { token } = await verifiedUser(baseUrl(), { name: 'Emma Change', email, password: 'Silk-paypal-2026' });
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
    });
    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await enEur(page);
    await useToken(page, token);
    await page.goto('/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await waitForPath(page, (p) => p === '/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('First name').fill('Emma');
    await page.getByLabel('Last name').fill('Change');
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByRole('radio', { name: 'PayPal (euro / dollars)' }).check();
    await tickEveryBox(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: 'PayPal — Sandbox payment' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, (p) => p === '/payment/cancel');
    await page.getByRole('heading', { level: 1, name: 'Payment cancelled' }).waitFor();
    const number = new URL(page.url()).searchParams.get('order');
    await page.getByRole('button', { name: /Change the order/i }).waitFor();
    const cancelUrl = page.url();
    await shoot(page, 'payment-cancel', 'en-eur');
    await axe(page, 'payment-cancel en-eur');

    await page.goto(`/account/orders/thanks/${number}`);
    await page.getByRole('button', { name: /Pay now/i }).waitFor();
    await shoot(page, 'order-awaiting-payment', 'en-eur');
    await axe(page, 'order-awaiting-payment en-eur');

    await page.goto(cancelUrl);
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/')).then(
      () => log('  Try again → sandbox OK'),
      () => log(`  Try again did NOT reach the sandbox: ${page.url()}`),
    );
    await page.goto(cancelUrl);
    await page.getByRole('button', { name: /Change the order/i }).click();
    await waitForPath(page, (p) => p === '/cart');
    await page
      .getByText(new RegExp(`${number}`))
      .first()
      .waitFor();
    await shoot(page, 'cart-returned', 'en-eur');
    await axe(page, 'cart-returned en-eur');
  });

  it('paypal-sandbox + order-paid-paypal en-eur', async () => {
    log('\n=== paypal sandbox en-eur');
    const books = await apiData<ShopProduct[]>(baseUrl(), '/shop?category=book&limit=100');
    const book = books.find((b) => b.bookFormats?.includes('digital') && b.price.eur !== null)!;
    const email = newEmail('walk-paypal');
    const { token } = await verifiedUser(baseUrl(), { name: 'Emma Payer', email, password: 'Silk-paypal-2026' });
    await apiData(baseUrl(), '/cart', {
      token,
      method: 'PUT',
      body: { items: [{ type: 'product', id: book.id, quantity: 1, bookFormat: 'digital' }] },
    });
    const page = await session.newPage({ mobile: true, locale: 'en-GB' });
    await enEur(page);
    await useToken(page, token);
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('First name').fill('Emma');
    await page.getByLabel('Last name').fill('Payer');
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByRole('radio', { name: 'PayPal (euro / dollars)' }).check();
    await tickEveryBox(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await waitForPath(page, (p) => p.startsWith('/api/payments/sandbox/'));
    await page.getByRole('heading', { level: 1, name: 'PayPal — Sandbox payment' }).waitFor();
    await shoot(page, 'paypal-sandbox', 'en-eur');
    await axe(page, 'paypal-sandbox en-eur');
    await holdWallClock(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await waitForPath(page, (p) => p === '/payment/success');
    await letCountdownsEnd(page);
    await waitForPath(page, (p) => p.startsWith('/account/orders/thanks/'));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Payment received\./ })
      .waitFor();
    await shoot(page, 'order-paid-paypal', 'en-eur');
    await axe(page, 'order-paid-paypal en-eur');
  });

  it('product-removed ru + en-eur', async () => {
    log('\n=== product removed');
    const admin = await login(baseUrl(), E2E_ADMIN);
    const all = await apiData<ShopProduct[]>(baseUrl(), '/shop?category=collection&sort=newest&limit=100');
    log(`  collection: ${all.map((p) => `${p.name.ru}/${p.availability}/${p.stock}`).join('; ')}`);
    // A demo piece nobody here ordered: the oldest of the collection.
    let removed: ShopProduct | undefined;
    for (const candidate of [...all].reverse().slice(0, 4)) {
      const r = await apiData<{ outcome: string }>(baseUrl(), `/shop/${candidate.id}`, {
        token: admin,
        method: 'DELETE',
      });
      log(`  DELETE ${candidate.name.ru}: ${r.outcome}`);
      if (r.outcome === 'deleted') {
        removed = candidate;
        break;
      }
    }
    if (!removed) throw new Error('nothing deleted');
    const res = await fetch(`${baseUrl()}/shop?product=${removed.id}`, { headers: { accept: 'text/html' } });
    log(`  status ${res.status}`);
    for (const lang of ['ru', 'en-eur'] as const) {
      const page = await session.newPage(lang === 'ru' ? { mobile: true } : { mobile: true, locale: 'en-GB' });
      if (lang === 'en-eur') await enEur(page);
      await page.goto(`/shop?product=${removed.id}`);
      await page.locator('#product-gone-title').waitFor();
      await page.waitForTimeout(1500);
      await shoot(page, 'product-removed', lang);
      await axe(page, `product-removed ${lang}`);
    }
  });

  it('admin-mail-preview-order-paid ru 1280', async () => {
    log('\n=== admin mail preview');
    const page = await session.newPage();
    await useToken(page, await login(baseUrl(), E2E_ADMIN));
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Письма', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Письма' }).waitFor();
    const frame = page.frameLocator('iframe[title="Письмо «Заказ оплачен»"]');
    await frame.getByRole('heading', { name: 'Здравствуйте, Анна!' }).waitFor();
    await page.waitForTimeout(1000);
    await shoot(page, 'admin-mail-preview-order-paid', 'ru', [1280]);
    const frameText = await frame.locator('body').innerText();
    log(`  FRAME TEXT: ${frameText.replace(/\n+/g, ' ⏎ ').slice(0, 2500)}`);
    await axe(page, 'admin mail preview');
  });
});
