import { formatMoney, LANGUAGES, MAIL_PREVIEW_KINDS, MailPreviewSchema, successEnvelope } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { landingContent, mailOutbox } from './db/schema';
import { bearer } from './test/accounts';
import { adminUser, orderBody, placeOrder, productLine, productWithStock, verifiedUser } from './test/factory';
import { createTestContext, type TestContext } from './test/harness';

let t: TestContext;
let adminToken: string;
let customer: Awaited<ReturnType<typeof verifiedUser>>;

beforeAll(async () => {
  t = await createTestContext({ env: { PUBLIC_URL: 'https://shop.example' } });
  adminToken = (await adminUser(t, { email: 'mp-admin@example.com' })).token;
  customer = await verifiedUser(t, { email: 'mp-buyer@example.com', name: 'Анна' });
});
afterAll(() => t.close());

async function setContact(contactEmail: string) {
  const value = { heroTitle: { ru: '' }, heroSubtitle: { ru: '' }, contactEmail, contactPhone: '', social: [] };
  await t.database.db
    .insert(landingContent)
    .values({ key: 'settings', value })
    .onConflictDoUpdate({ target: landingContent.key, set: { value } });
}
beforeEach(() => setContact(''));

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/admin/mail-previews/:kind', () => {
  it('is the admin’s: guest → 401, customer → 403', async () => {
    expect((await get('/api/admin/mail-previews/order_paid')).statusCode).toBe(401);
    expect((await get('/api/admin/mail-previews/order_paid', customer.token)).statusCode).toBe(403);
  });

  it('refuses an unknown kind or language with a 400', async () => {
    expect((await get('/api/admin/mail-previews/nonsense', adminToken)).statusCode).toBe(400);
    expect((await get('/api/admin/mail-previews/order_paid?lang=de', adminToken)).statusCode).toBe(400);
  });

  it.each(LANGUAGES)(
    'draws every kind in %s, the order mails with their items and a link to the order',
    async (lang) => {
      for (const kind of MAIL_PREVIEW_KINDS) {
        const res = await get(`/api/admin/mail-previews/${kind}?lang=${lang}`, adminToken);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
        const mail = successEnvelope(MailPreviewSchema).parse(res.json()).data;
        expect(mail).toMatchObject({ kind, lang, replyTo: null });
        expect(mail.html).toContain(`<html lang="${lang}">`);
        expect(mail.text.length).toBeGreaterThan(40);
      }
      const order = successEnvelope(MailPreviewSchema).parse(
        (await get(`/api/admin/mail-previews/order_paid?lang=${lang}`, adminToken)).json(),
      ).data;
      expect(order.html).toContain('href="https://shop.example/account/orders/');
      expect(order.text).toContain({ ru: 'Доставка: бесплатно', en: 'Delivery: free', es: 'Envío: gratis' }[lang]);
    },
  );

  it('uses the shop’s contact address as the mails will', async () => {
    await setContact('studio@shop.example');
    const mail = successEnvelope(MailPreviewSchema).parse(
      (await get('/api/admin/mail-previews/verification?lang=en', adminToken)).json(),
    ).data;
    expect(mail.replyTo).toBe('studio@shop.example');
    expect(mail.text).toContain('Just reply to this email — it reaches us at studio@shop.example.');
  });
});

describe('a real checkout’s first mail', () => {
  it('links to the order’s page, says free for pickup and answers to the contact address', async () => {
    await setContact('studio@shop.example');
    const product = await productWithStock(t, {
      name: { ru: 'Пион «<b>»', en: 'Peony', es: 'Peonía' },
      priceRub: 1500_00,
      category: 'collection',
    });
    const order = await placeOrder(
      t,
      customer,
      orderBody([productLine(product, 2)], { delivery: { method: 'pickup' }, paymentMethod: 'cash' }),
    );
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(mail!.replyTo).toBe('studio@shop.example');
    expect(mail!.subject).toBe(`Заказ №${order.number} ждёт оплаты`);
    expect(mail!.text).toContain(`Открыть заказ: https://shop.example/account/orders/${order.id}`);
    expect(mail!.html).toContain(`href="https://shop.example/account/orders/${order.id}"`);
    expect(mail!.text).toContain('Доставка: бесплатно');
    const rub = (amount: number) => formatMoney(amount, 'RUB', 'ru');
    expect(mail!.text).toContain(`• Пион «<b>» (2 × ${rub(1500)}) — ${rub(3000)}`);
    expect(mail!.html).toContain('Пион «&lt;b&gt;»');
    expect(mail!.text).toContain('studio@shop.example');
  });
});
