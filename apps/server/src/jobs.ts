/**
 * The composition root's background work: every recurring or queued job of the server, registered
 * on one jobs runtime (platform/jobs/runtime.ts) with its period, and nothing else started
 * anywhere. main.ts calls `start()` once the server listens and `stop()` on shutdown; features never
 * import this file — each hands its pass here as a plain function.
 *
 * The periods are what each pass needs: mail within seconds (a sign-in code), receipts within
 * seconds of a shipment, owner notices every 15 s, deadlines counted in hours or days every minute. The settings that say when something is due (PENDING_ORDER_HOURS,
 * ABANDONED_CART_HOURS, CDEK_POLL_MINUTES, BACKUP_HOUR, …) stay with the features that read them.
 */
import type { JobName } from '@atelier/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { createCartReminderSweeper } from './features/cart/cart.reminders';
import { createGiftDeliverySweeper } from './features/gift-certificates/gift-certificates.delivery';
import { createOrderExpirySweeper } from './features/orders/orders.expiry';
import { createBackup } from './platform/backup/backup';
import { pgToolsAvailable } from './platform/backup/database-dump';
import { createNightlyBackups } from './platform/backup/nightly';
import { createJobRuntime, type JobLog, type JobRuntime } from './platform/jobs/runtime';
import type { Mailer } from './platform/mail/mail';
import { createMailWorker, MAIL_PASS_EVERY_MS } from './platform/mail/outbox';
import type { Storage } from './platform/storage/storage';
import type { Services } from './services';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

export { JOB_NAMES, type JobName } from '@atelier/shared';

export interface JobsDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  services: Services;
  log: JobLog;
  /** The runtime's clock (tests). */
  now?: () => Date;
}

export function buildJobs({ config, database, mailer, storage, services, log, now }: JobsDeps): JobRuntime {
  const runtime = createJobRuntime({ db: database.db, log, singleProcess: database.kind === 'pglite', now });
  const every = (name: JobName, everyMs: number, handler: Parameters<JobRuntime['recurring']>[0]['handler']) =>
    runtime.recurring({ name, everyMs, handler });

  // The mail outbox: every queued mail, a row at a time under its own lock on PostgreSQL.
  const mail = createMailWorker({ db: database.db, mailer, log });
  every('mail.send', MAIL_PASS_EVERY_MS, () => mail.drain());

  // Unpaid orders past PENDING_ORDER_HOURS / PENDING_TRANSFER_DAYS are cancelled by the orders
  // service: its events release seats, promo uses and grants, its cache shows the stock again.
  const expiry = createOrderExpirySweeper({ orders: services.orders, log });
  every('orders.expire', MINUTE, ({ now }) => expiry.sweep(now));

  // Carts left past ABANDONED_CART_HOURS by customers who opted in get their one reminder.
  const reminders = createCartReminderSweeper({ reminders: services.cartReminders, log });
  every('cart.remind', 5 * MINUTE, ({ now }) => reminders.sweep(now));

  // Gift certificates whose delivery day has come are mailed to their recipients.
  const gifts = createGiftDeliverySweeper({ giftCertificates: services.giftCertificates, log });
  every('gift-certificates.deliver', MINUTE, ({ now }) => gifts.sweep(now));

  // Owner notices: unpaid orders about to expire, the daily digest, the Telegram queue.
  every('notifications.owner', 15 * SECOND, ({ now }) => services.ownerNotifier.tick(now));

  // Completion receipts of shipped prepaid goods, sent to YooKassa after the status change commits.
  if (services.receipts.sends) every('receipts.send', 5 * SECOND, () => services.receipts.sendDue());

  // A buyer who paid twice gets the second payment back (YooKassa refunds), within a minute.
  every('payments.refund-duplicates', MINUTE, () => services.payments.refundDuplicates());

  // CDEK parcels: their statuses asked of CDEK in turn (CDEK does not retry its webhooks).
  if (services.cdekShipments.polls) every('cdek.poll', MINUTE, () => services.cdekShipments.pollDue());

  // Lesson videos to HLS, one at a time; a transcode cut short by a stop is queued again.
  if (services.lessonHls.enabled) {
    runtime.recurring({
      name: 'lessons.hls',
      everyMs: 5 * SECOND,
      onStart: () => services.lessonHls.requeueOrphans(),
      handler: ({ signal }) => services.lessonHls.runPending(signal),
    });
  }

  // The server owns the embedded database, so it makes the nightly backups itself (BACKUP_DIR).
  const backup = config.backup;
  if (backup.nightlyDir) {
    const nightly = createNightlyBackups({
      dir: backup.nightlyDir,
      hour: backup.hour,
      keep: backup.keep,
      log,
      makeBackup: async (target) => {
        await createBackup({
          database,
          storage,
          storageDriver: config.s3 ? 's3' : 'disk',
          dir: target,
          pgDump: database.kind === 'postgres' && (await pgToolsAvailable()),
        });
      },
    });
    every('backup.nightly', MINUTE, () => nightly.tick());
  }
  return runtime;
}
