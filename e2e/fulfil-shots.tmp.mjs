import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:4102';
const ADMIN = { email: 'owner@fulfil.shot', password: 'fulfil-shot-2026' };
async function api(path, { token, body, method } = {}) {
  const res = await fetch(`${BASE}/api${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path} ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
const { token } = await api('/auth/login', { body: ADMIN });
const products = await api('/shop?limit=50');
const product = products.find((p) => p.category !== 'book' && (p.stock === null || p.stock > 5));
const place = async (delivery, comment) => {
  const { order } = await api('/orders', { token, body: {
    items: [{ type: 'product', id: product.id, quantity: 2 }],
    customer: { firstName: 'Вера', lastName: 'Соколова', email: ADMIN.email, phone: '+7 912 345-67-89' },
    delivery, paymentMethod: 'card', currency: 'RUB', comment, acceptTerms: true,
    consents: [{ kind: 'personal-data', language: 'ru', version: 1 }] } });
  await api(`/orders/${order.id}/status`, { token, method: 'PATCH', body: { status: 'confirmed' } });
  return order;
};
const post = { method: 'post', country: 'Россия', city: 'Казань', address: 'ул. Баумана, 1, кв. 12', postalCode: '420111' };
const a = await place(post, 'Позвоните, пожалуйста, за час до доставки');
const b = await place({ method: 'pickup' }, '');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const lang of ['ru', 'en']) {
  for (const width of [360, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 } });
    await ctx.addInitScript((v) => localStorage.setItem('token', v), token);
    const page = await ctx.newPage();
    const name = (s) => `/tmp/fulfil-shots/${s}-${lang}-${width}.png`;
    await page.goto(`${BASE}/admin/orders/${a.id}?lang=${lang}`);
    const shipName = lang === 'ru' ? 'Отправить заказ' : 'Ship the order';
    await page.getByRole('button', { name: shipName }).waitFor();
    await page.getByRole('region', { name: lang === 'ru' ? 'Отправка' : 'Shipping' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: name('panel') });
    await page.getByRole('button', { name: shipName }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: lang === 'ru' ? 'Отправить и сообщить покупателю' : 'Ship and tell the customer' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('dialog') });
    await page.keyboard.press('Escape');
    await page.goto(`${BASE}/admin/orders/${b.id}?lang=${lang}`);
    await page.getByRole('button', { name: lang === 'ru' ? 'Готов к выдаче' : 'Ready for pickup' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('pickup') });
    await page.keyboard.press('Escape');
    await page.goto(`${BASE}/admin/orders?status=confirmed&lang=${lang}`);
    const boxes = page.getByRole('checkbox');
    await boxes.first().waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.screenshot({ path: name('list'), fullPage: true });
    await page.goto(`${BASE}/admin/orders/slips?ids=${a.id},${b.id}&lang=${lang}`);
    await page.getByRole('article').first().waitFor();
    await page.screenshot({ path: name('slips'), fullPage: true });
    if (width === 1280 && lang === 'ru') {
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: name('slips-print'), fullPage: true });
      await page.pdf?.({ path: '/tmp/fulfil-shots/slips.pdf' }).catch(() => {});
    }
    console.log(lang, width, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
    await ctx.close();
  }
}
await browser.close();
