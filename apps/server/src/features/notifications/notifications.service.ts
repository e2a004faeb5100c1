/**
 * The owner hears what needs her: one notifier for every notice (paid order, unpaid order about to
 * expire, PayPal invoice request, payment alert, daily digest). Each notice is recorded once under
 * its key, mailed to NOTIFY_EMAIL through the durable outbox in the caller's transaction, and
 * queued for Telegram when a bot is configured. Telegram is sent by the background loop after the
 * commit, never in a customer's request; a failed send is logged and retried, never thrown.
 * A kind the owner switched off in the admin is neither recorded nor sent.
 */
import type { Language, NotificationSettings, NotificationSettingsView } from '@atelier/shared';
import type { Db, Tx } from '../../db/client';
import { localDate } from '../../platform/dates';
import type { MailMessage } from '../../platform/mail/mail';
import { enqueueMail } from '../../platform/mail/outbox';
import { adminServiceFor, EXPIRING_WINDOW_MS, shiftDate } from '../admin/admin.service';
import { expiringOrders } from '../orders/orders.service';
import { createNotificationsRepo, type NoticeKind, type SettingsRow } from './notifications.repo';
import { digestNotice, expiringOrderNotice, paidOrderNotice, toMail } from './notifications.texts';
import { sendTelegramMessage, type TelegramConfig } from './telegram';

export type { NoticeKind };

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  paidOrder: true,
  expiringOrder: true,
  paypalInvoice: true,
  paymentAlert: true,
  dailyDigest: true,
  digestHour: 9,
  language: 'ru',
};

/** A Telegram message is tried this many times (one per loop pass) before it is left as failed. */
export const MAX_TELEGRAM_ATTEMPTS = 3;

export interface OwnerNotice {
  kind: NoticeKind;
  /** Once per key, across instances and restarts (e.g. `paidOrder:<order id>`). */
  key: string;
  /** The mail, in the owner's language; the Telegram copy is its subject and text. */
  mail(to: string, lang: Language): MailMessage;
}

export interface NotifierLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OwnerNotifierDeps {
  db: Db;
  email: string;
  telegram: TelegramConfig | null;
  timeZone: string;
  publicUrl: string;
  policy: { pendingOrderHours: number; pendingTransferDays: number; pendingScarceHours: number; maxOpenUnpaid: number };
  log: NotifierLog;
  now?: () => Date;
}

function fromRow(row: SettingsRow | null): NotificationSettings {
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  const { id: _id, updatedAt: _updated, ...settings } = row;
  return settings;
}

/** Calendar date and hour of `at` in `timeZone`. */
export function localClock(at: Date, timeZone: string): { date: string; hour: number } {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return { date: localDate(at, timeZone), hour: Number(hour) };
}

export function createOwnerNotifier(deps: OwnerNotifierDeps) {
  const { db, log } = deps;
  const repo = createNotificationsRepo(db);
  const clock = deps.now ?? (() => new Date());
  const admin = adminServiceFor(db, { policy: deps.policy, timeZone: deps.timeZone, now: clock });
  const orderUrl = (id: string) => `${deps.publicUrl}/admin/orders/${id}`;

  async function settings(q: Db | Tx = db): Promise<NotificationSettings> {
    return fromRow(await repo.settings(q));
  }

  /** Records, mails and queues one notice inside `tx`; false when switched off or already sent. */
  async function notify(tx: Db | Tx, notice: OwnerNotice): Promise<boolean> {
    const current = await settings(tx);
    if (!current[notice.kind]) return false;
    const message = notice.mail(deps.email, current.language);
    const recorded = await repo.record(tx, {
      kind: notice.kind,
      key: notice.key,
      telegramText: deps.telegram ? `${message.subject}\n\n${message.text}` : null,
    });
    if (!recorded) return false;
    await enqueueMail(tx, message);
    return true;
  }

  /** Notices for unpaid orders entering the last hours of their hold; returns how many were sent. */
  async function notifyExpiring(now: Date): Promise<number> {
    if (!(await settings()).expiringOrder) return 0;
    const due = await expiringOrders(db, deps.policy, now, EXPIRING_WINDOW_MS, 500);
    let sent = 0;
    for (const order of due) {
      const done = await db.transaction((tx) =>
        notify(tx, {
          kind: 'expiringOrder',
          key: `expiringOrder:${order.id}`,
          mail: (to, lang) =>
            toMail(
              to,
              lang,
              expiringOrderNotice(lang, {
                number: order.number,
                totalRub: order.totalRub,
                email: order.customerEmail,
                at: new Intl.DateTimeFormat(lang, {
                  timeZone: deps.timeZone,
                  dateStyle: 'short',
                  timeStyle: 'short',
                }).format(order.expiresAt),
                url: orderUrl(order.id),
              }),
            ),
        }),
      );
      if (done) sent++;
    }
    return sent;
  }

  /** Once a day, at or after the owner's digest hour (shop time zone): yesterday and what needs action. */
  async function sendDigest(now: Date): Promise<boolean> {
    const current = await settings();
    if (!current.dailyDigest) return false;
    const local = localClock(now, deps.timeZone);
    if (local.hour < current.digestHour) return false;
    const key = `dailyDigest:${local.date}`;
    if (await repo.exists(key)) return false;
    const yesterday = shiftDate(local.date, { days: -1 });
    const [day, action] = await Promise.all([repo.day(yesterday, deps.timeZone), admin.needsAction(now)]);
    const figures = {
      date: yesterday,
      placed: day.placed,
      paid: day.paid,
      revenueRub: day.revenueKopecks / 100,
      expiring: action.counts.expiringOrders,
      toShip: action.counts.toShip,
      reviews: action.counts.reviews,
      studentWorks: action.counts.studentWorks,
      paypal: action.counts.paypalRequests,
      alerts: action.counts.paymentAlerts,
    };
    return db.transaction((tx) =>
      notify(tx, {
        kind: 'dailyDigest',
        key,
        mail: (to, lang) => toMail(to, lang, digestNotice(lang, figures, `${deps.publicUrl}/admin`)),
      }),
    );
  }

  /** Sends the queued Telegram copies once each; failures are logged and retried on a later pass. */
  async function drainTelegram(): Promise<{ sent: number; failed: number }> {
    const telegram = deps.telegram;
    if (!telegram) return { sent: 0, failed: 0 };
    const rows = await repo.claimTelegram(20);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await sendTelegramMessage(telegram, row.telegramText ?? '');
        await repo.telegramDone(row.id, { state: 'sent' });
        sent++;
      } catch (error) {
        failed++;
        const message = error instanceof Error ? error.message : String(error);
        const final = row.telegramAttempts >= MAX_TELEGRAM_ATTEMPTS;
        await repo.telegramDone(row.id, { state: final ? 'failed' : 'queued', error: message });
        log.warn({ notice: row.key, attempts: row.telegramAttempts, err: message }, 'telegram notice not sent');
      }
    }
    return { sent, failed };
  }

  async function pass(now: Date) {
    // Each part on its own: a failing digest must not hold back the expiring notices or Telegram.
    for (const [name, part] of [
      ['expiring', () => notifyExpiring(now)],
      ['digest', () => sendDigest(now)],
      ['telegram', () => drainTelegram()],
    ] as const) {
      try {
        await part();
      } catch (error) {
        log.error(
          { part: name, err: error instanceof Error ? error.message : String(error) },
          'owner notices pass failed',
        );
      }
    }
  }

  return {
    notify,
    notifyExpiring,
    sendDigest,
    drainTelegram,
    /**
     * One background pass with the given clock: expiring orders, the daily digest, the Telegram
     * queue (the `notifications.owner` job; tests call it directly).
     */
    tick: (now: Date = clock()) => pass(now),
    /** The language the owner reads her notices in (other features' mails to her use it too). */
    async language(q: Db | Tx = db): Promise<Language> {
      return (await settings(q)).language;
    },

    async settings(): Promise<NotificationSettingsView> {
      return {
        ...(await settings()),
        email: deps.email,
        telegram: deps.telegram !== null,
        timeZone: deps.timeZone,
      };
    },
    async saveSettings(values: NotificationSettings): Promise<NotificationSettingsView> {
      await repo.saveSettings(values);
      return this.settings();
    },
    /** The paid-order notice for an order just confirmed (called from the orderConfirmed hook). */
    paidOrder(tx: Tx, order: { orderId: string; number: number; totalRubMinor: number; customerEmail: string }) {
      return notify(tx, {
        kind: 'paidOrder',
        key: `paidOrder:${order.orderId}`,
        mail: (to, lang) =>
          toMail(
            to,
            lang,
            paidOrderNotice(lang, {
              number: order.number,
              totalRub: order.totalRubMinor / 100,
              email: order.customerEmail,
              url: orderUrl(order.orderId),
            }),
          ),
      });
    },
  };
}
export type OwnerNotifier = ReturnType<typeof createOwnerNotifier>;
