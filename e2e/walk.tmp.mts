import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4200';
const j = async (path: string, init: any = {}) => { const r = await fetch(base + '/api' + path, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } }); return r.json(); };
const login = await j('/auth/login', { method: 'POST', body: JSON.stringify({ email: 'owner@example.com', password: 'walkpass123' }) });
const token = login.data.token;
const shop = await j('/shop?category=collection&limit=50&sort=price_asc');
const bouquet = shop.data.find((p: any) => p.availability === 'in_stock');
const lesson = (await j('/shop?limit=100')).data.find((p: any) => p.category === 'book');
const items = [{ type: 'product', id: bouquet.id, quantity: 2 }];
await j('/cart', { method: 'PUT', headers: { authorization: 'Bearer ' + token }, body: JSON.stringify({ items }) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const [w, lang, cur] of [[360, 'ru', 'RUB'], [1280, 'en', 'EUR']] as const) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, isMobile: w === 360, hasTouch: w === 360, deviceScaleFactor: 1 });
  await ctx.addCookies([{ name: 'lang', value: lang, url: base }, { name: 'currency', value: cur, url: base }]);
  await ctx.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('cookieConsent', JSON.stringify({necessary:true,analytics:false,decidedAt:new Date().toISOString()})); localStorage.setItem('currency', '${cur}');`);
  const page = await ctx.newPage();
  for (const path of ['/cart', '/checkout', '/admin']) {
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/walk1-${w}-${path.replace(/\//g, '_')}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
console.log('done');
