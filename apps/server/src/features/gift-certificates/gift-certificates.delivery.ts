/**
 * The pass that mails gift certificates whose delivery day has come (see `deliverDue` in
 * gift-certificates.service.ts), run as the `gift-certificates.deliver` job (jobs.ts); each
 * certificate is claimed with FOR UPDATE SKIP LOCKED and mailed once. Tests call `sweep(now)`.
 */
import type { GiftCertificatesService } from './gift-certificates.service';

export interface GiftDeliveryLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function createGiftDeliverySweeper(options: {
  giftCertificates: Pick<GiftCertificatesService, 'deliverDue'>;
  log: GiftDeliveryLog;
}) {
  const { giftCertificates, log } = options;
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

  async function pass(now: Date): Promise<string[]> {
    const { delivered, failed } = await giftCertificates.deliverDue(now);
    if (delivered.length > 0) log.info({ certificates: delivered.length }, 'gift certificates mailed');
    for (const { id, error } of failed)
      log.error({ certificateId: id, err: describe(error) }, 'gift certificate not mailed');
    return delivered;
  }

  return {
    /** One pass with the given clock; resolves with the ids of the certificates mailed. */
    sweep: (now: Date = new Date()) => pass(now),
  };
}
