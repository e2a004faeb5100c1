/** Builds the platform services from config; shared by main.ts and the test harness. */

import sharp from 'sharp';
import type { Config } from '../config';
import { createDecodeQueue } from './images/decode-queue';
import { createImagePipeline } from './images/sharp-pipeline';
import type { MailLog } from './mail/mail';
import { createMailer } from './mail/mailer';
import { createLocalStorage } from './storage/local-storage';
import { createS3Client, createS3Storage } from './storage/s3-storage';
import type { Storage } from './storage/storage';

/** S3 when S3_BUCKET is set, otherwise the local disk under DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (!config.s3) return createLocalStorage({ root: config.filesDir });
  return createS3Storage({
    bucket: config.s3.bucket,
    client: createS3Client(config.s3),
    publicUrl: config.s3.publicUrl,
  });
}

export function createPlatform(config: Config, log: MailLog, storage: Storage = createStorage(config)) {
  // libvips works each image with one thread: how many images at once is the decode queue's call
  // (IMAGE_DECODE_CONCURRENCY), so a decode never takes every core from the event loop.
  sharp.concurrency(1);
  const images = createImagePipeline({
    storage,
    urlSecret: config.media.urlSecret,
    customerMaxPixels: config.images.customerMaxPixels,
    // One queue for every decode of the instance, whichever feature asks (decision 0092).
    queue: createDecodeQueue({ concurrency: config.images.decodeConcurrency, maxWaiting: config.images.decodeWaiting }),
  });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: config.mail.outboxDir,
    log,
    logSecrets: config.env === 'development',
  });
  return { storage, images, mailer };
}
export type Platform = ReturnType<typeof createPlatform>;
