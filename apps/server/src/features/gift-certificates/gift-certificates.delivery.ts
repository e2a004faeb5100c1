/**
 * The background sweeper that mails gift certificates whose delivery day has come (see
 * `deliverDue` in gift-certificates.service.ts). It runs inside the server process, started by
 * main.ts next to the order-expiry sweeper; several instances may run it at once (each
 * certificate is claimed with FOR UPDATE SKIP LOCKED and mailed once). Tests call `sweep(now)`.
 */
import { createPeriodicTask } from '../../platform/periodic';
import type { GiftCertificatesService } from './gift-certificates.service';

export interface GiftDeliveryLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function createGiftDeliverySweeper(options: {
  giftCertificates: Pick<GiftCertificatesService, 'deliverDue'>;
  log: GiftDeliveryLog;
  /** Pause between passes; a day's mails go out in the morning, a minute late is nothing. */
  intervalMs?: number;
  now?: () => Date;
}) {
  const { giftCertificates, log } = options;
  const clock = options.now ?? (() => new Date());
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

  async function pass(now: Date): Promise<string[]> {
    const { delivered, failed } = await giftCertificates.deliverDue(now);
    if (delivered.length > 0) log.info({ certificates: delivered.length }, 'gift certificates mailed');
    for (const { id, error } of failed)
      log.error({ certificateId: id, err: describe(error) }, 'gift certificate not mailed');
    return delivered;
  }

  const task = createPeriodicTask({
    pass: () => pass(clock()),
    intervalMs: options.intervalMs ?? 60_000,
    onError: (error) => log.error({ err: describe(error) }, 'gift certificate delivery pass failed'),
  });

  return {
    start: task.start,
    stop: task.stop,
    /** One pass with the given clock; resolves with the ids of the certificates mailed. */
    sweep: (now: Date = clock()) => task.runNow(() => pass(now)),
  };
}
