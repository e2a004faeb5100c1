/**
 * The owner hears what needs her: paid orders, unpaid orders about to expire (once, even with two
 * instances sweeping), the daily digest (injected clock), switches that silence a kind, and the
 * Telegram copy through a local fake of the Bot API (success, error answer, timeout).
 */
import { randomUUID } from 'node:crypto';
import { formatMoney } from '@atelier/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, ownerNotifications } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { adminUser, type StoredOrderValues, storedOrder, verifiedUser } from '../../test/factory';
import { startTelegramFake, type TelegramFake } from '../../test/fakes/telegram-fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { createOwnerNotifier, DEFAULT_NOTIFICATION_SETTINGS } from './notifications.service';

const OWNER = 'owner-notices@example.test';
const TOKEN = '123456:TEST-token';
const CHAT = '987654';
const HOUR = 3_600_000;
const silent = { info() {}, warn() {}, error() {} };

let t: TestContext;
let telegram: TelegramFake;
let admin: string;
let buyerId: string;

beforeAll(async () => {
  telegram = await startTelegramFake({ token: TOKEN, chatId: CHAT });
  t = await createTestContext({
    env: {
      ADMIN_EMAIL: 'admin-notices@example.test',
      NOTIFY_EMAIL: OWNER,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_CHAT_ID: CHAT,
      TELEGRAM_API_URL: telegram.origin,
      TELEGRAM_TIMEOUT_MS: '300',
      SHOP_TIMEZONE: 'Europe/Moscow',
      PENDING_ORDER_HOURS: '48',
      PENDING_TRANSFER_DAYS: '5',
    },
  });
  admin = (await adminUser(t, { email: 'admin-notices@example.test' })).token;
  buyerId = (await verifiedUser(t, { name: 'Ana', email: 'ana-notices@example.test' })).id;
});
afterAll(async () => {
  await t.close();
  await telegram.close();
});

async function settings(patch: Partial<typeof DEFAULT_NOTIFICATION_SETTINGS>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/notifications',
    headers: bearer(admin),
    payload: { ...DEFAULT_NOTIFICATION_SETTINGS, ...patch },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
beforeEach(() => settings({}));

const order = (values: StoredOrderValues = {}) =>
  storedOrder(t, buyerId, {
    customer: { firstName: 'Ana', lastName: 'García', email: 'ana-notices@example.test', phone: '+34600000000' },
    subtotalRub: 1500_00,
    totalRub: 1500_00,
    ...values,
  });

async function ownerMails(subjectPart: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, OWNER), like(mailOutbox.subject, `%${subjectPart}%`)));
}

const confirm = (id: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    headers: bearer(admin),
    payload: { status: 'confirmed' },
  });

describe('owner notices', () => {
  it('a paid order mails NOTIFY_EMAIL once, in Russian, with a link to the order', async () => {
    const row = await order();
    expect((await confirm(row.id)).statusCode).toBe(200);
    // Later steps of the same order are not "paid" again.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${row.id}/status`,
      headers: bearer(admin),
      payload: { status: 'processing' },
    });
    const mails = await ownerMails(`№${row.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Оплачен заказ №${row.number}`);
    expect(mails[0]!.text).toContain(`/admin/orders/${row.id}`);
    expect(mails[0]!.text).toContain(formatMoney(1500, 'RUB', 'ru'));
    // The hook may run again (a retried transaction): the key keeps it at one.
    const again = await t.database.db.transaction((tx) =>
      t.app.ownerNotifier.paidOrder(tx, {
        orderId: row.id,
        number: row.number,
        totalRubMinor: row.totalRub,
        customerEmail: 'x@example.test',
      }),
    );
    expect(again).toBe(false);
    expect(await ownerMails(`№${row.number}`)).toHaveLength(1);
  });

  it('a switched-off kind sends nothing and records nothing', async () => {
    await settings({ paidOrder: false });
    const row = await order();
    expect((await confirm(row.id)).statusCode).toBe(200);
    expect(await ownerMails(`№${row.number}`)).toHaveLength(0);
    const recorded = await t.database.db
      .select()
      .from(ownerNotifications)
      .where(eq(ownerNotifications.key, `paidOrder:${row.id}`));
    expect(recorded).toHaveLength(0);
  });

  it('an unpaid order in the last 12 hours of its hold is notified once, even by two instances sweeping twice', async () => {
    const now = new Date();
    const soonCard = await order({ createdAt: new Date(now.getTime() - 40 * HOUR) }); // 8 h left of 48
    const soonCash = await order({
      paymentMethod: 'bank_transfer',
      createdAt: new Date(now.getTime() - (5 * 24 - 3) * HOUR), // 3 h left of 5 days
    });
    const notYet = await order({ createdAt: new Date(now.getTime() - 30 * HOUR) }); // 18 h left
    const paid = await order({ status: 'confirmed', createdAt: new Date(now.getTime() - 40 * HOUR) });
    const other = createOwnerNotifier({
      db: t.database.db,
      email: OWNER,
      telegram: null,
      timeZone: 'Europe/Moscow',
      publicUrl: t.config.publicUrl,
      policy: t.config.orders,
      log: silent,
    });
    const [a, b] = await Promise.all([t.app.ownerNotifier.notifyExpiring(now), other.notifyExpiring(now)]);
    const [c, d] = await Promise.all([t.app.ownerNotifier.notifyExpiring(now), other.notifyExpiring(now)]);
    expect(a + b).toBe(2);
    expect(c + d).toBe(0);
    expect(await ownerMails(`Заказ №${soonCard.number} скоро`)).toHaveLength(1);
    expect(await ownerMails(`Заказ №${soonCash.number} скоро`)).toHaveLength(1);
    expect(await ownerMails(`Заказ №${notYet.number} скоро`)).toHaveLength(0);
    expect(await ownerMails(`Заказ №${paid.number} скоро`)).toHaveLength(0);
    // Switched off: a new candidate is not notified.
    await settings({ expiringOrder: false });
    const late = await order({ createdAt: new Date(now.getTime() - 47 * HOUR) });
    expect(await t.app.ownerNotifier.notifyExpiring(now)).toBe(0);
    expect(await ownerMails(`Заказ №${late.number} скоро`)).toHaveLength(0);
  });

  it('the daily digest comes once, at the digest hour of the shop time zone, about yesterday, in the chosen language', async () => {
    // Yesterday (Moscow) = 2026-03-09, which starts at 2026-03-08T21:00Z.
    await order({ status: 'confirmed', totalRub: 2000_00, createdAt: new Date('2026-03-08T21:00:00Z') });
    await order({ createdAt: new Date('2026-03-09T20:59:00Z') });
    await order({ status: 'confirmed', createdAt: new Date('2026-03-08T20:59:00Z') }); // the day before
    await order({ status: 'delivered', createdAt: new Date('2026-03-09T21:00:00Z') }); // today
    await settings({ digestHour: 9 });
    let clock = new Date('2026-03-10T05:59:00Z'); // 08:59 in Moscow
    const notifier = createOwnerNotifier({
      db: t.database.db,
      email: OWNER,
      telegram: null,
      timeZone: 'Europe/Moscow',
      publicUrl: t.config.publicUrl,
      policy: t.config.orders,
      log: silent,
      now: () => clock,
    });
    expect(await notifier.sendDigest(clock)).toBe(false);
    clock = new Date('2026-03-10T06:00:00Z');
    expect(await notifier.sendDigest(clock)).toBe(true);
    expect(await notifier.sendDigest(new Date('2026-03-10T20:00:00Z'))).toBe(false);
    const [digest, ...more] = await ownerMails('Сводка за 2026-03-09');
    expect(more).toHaveLength(0);
    expect(digest!.text).toContain(`Заказов оформлено: 2. Оплачено: 1 на сумму ${formatMoney(2000, 'RUB', 'ru')}.`);
    expect(digest!.text).toContain('Требует внимания:');

    await settings({ digestHour: 9, language: 'en' });
    expect(await notifier.sendDigest(new Date('2026-03-11T07:00:00Z'))).toBe(true);
    const [english] = await ownerMails('Summary for 2026-03-10');
    expect(english!.text).toContain('Orders placed: 1. Paid: 1, revenue');

    await settings({ dailyDigest: false });
    expect(await notifier.sendDigest(new Date('2026-03-12T07:00:00Z'))).toBe(false);
    expect(await ownerMails('2026-03-11')).toHaveLength(0);
  });
});

describe('Telegram copy through the Bot API', () => {
  async function notice(text: string) {
    const key = `paymentAlert:${randomUUID()}`;
    await t.database.db.transaction((tx) =>
      t.app.ownerNotifier.notify(tx, {
        kind: 'paymentAlert',
        key,
        mail: (to) => ({ to, subject: text, text: `${text} body` }),
      }),
    );
    return key;
  }
  const state = async (key: string) =>
    (await t.database.db.select().from(ownerNotifications).where(eq(ownerNotifications.key, key)))[0]!;

  beforeEach(async () => {
    telegram.setDelay(0);
    await t.app.ownerNotifier.drainTelegram();
  });

  it('is sent after the commit by the background pass, not in the request, with chat_id and text', async () => {
    const row = await order();
    const before = telegram.requests.length;
    expect((await confirm(row.id)).statusCode).toBe(200);
    expect(telegram.requests.length).toBe(before);
    expect(await t.app.ownerNotifier.drainTelegram()).toEqual({ sent: 1, failed: 0 });
    const request = telegram.requests.at(-1)!;
    expect(request.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(JSON.parse(request.body)).toMatchObject({ chat_id: CHAT });
    expect(telegram.messages.at(-1)!.text).toContain(`Оплачен заказ №${row.number}`);
    expect((await state(`paidOrder:${row.id}`)).telegramState).toBe('sent');
  });

  it('an error answer {ok:false, description} is logged and retried, then given up after three tries', async () => {
    const key = await notice('alert A');
    telegram.failNext(
      { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } },
      { count: 3 },
    );
    expect(await t.app.ownerNotifier.drainTelegram()).toEqual({ sent: 0, failed: 1 });
    expect(await state(key)).toMatchObject({ telegramState: 'queued', telegramAttempts: 1 });
    expect((await state(key)).telegramError).toContain('chat not found');
    await t.app.ownerNotifier.drainTelegram();
    await t.app.ownerNotifier.drainTelegram();
    expect(await state(key)).toMatchObject({ telegramState: 'failed', telegramAttempts: 3 });
    expect(await t.app.ownerNotifier.drainTelegram()).toEqual({ sent: 0, failed: 0 });
  });

  it('a timeout counts as a failed try and the next pass delivers it', async () => {
    const key = await notice('alert B');
    telegram.setDelay(2_000);
    expect(await t.app.ownerNotifier.drainTelegram()).toEqual({ sent: 0, failed: 1 });
    expect((await state(key)).telegramError).toContain('timed out');
    telegram.setDelay(0);
    expect(await t.app.ownerNotifier.drainTelegram()).toEqual({ sent: 1, failed: 0 });
    expect(telegram.messages.at(-1)!.text).toBe('alert B\n\nalert B body');
  });
});

describe('GET/PUT /api/admin/notifications', () => {
  it('shows where notices go and keeps the switches', async () => {
    const saved = await settings({ paypalInvoice: false, digestHour: 7 });
    expect(saved).toMatchObject({ paypalInvoice: false, digestHour: 7, email: OWNER, telegram: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(admin) });
    expect(res.json().data).toMatchObject({ paypalInvoice: false, digestHour: 7, timeZone: 'Europe/Moscow' });
  });

  it.each([[{ digestHour: 24 }], [{ digestHour: -1 }], [{ language: 'de' }], [{ paidOrder: 'yes' }]])(
    'rejects %j with 400 and changes nothing',
    async (patch) => {
      await settings({ digestHour: 8 });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/notifications',
        headers: bearer(admin),
        payload: { ...DEFAULT_NOTIFICATION_SETTINGS, ...patch },
      });
      expect(res.statusCode).toBe(400);
      const after = await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(admin) });
      expect(after.json().data.digestHour).toBe(8);
    },
  );

  it('is for the admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/notifications' })).statusCode).toBe(401);
  });
});
