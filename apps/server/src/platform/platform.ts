/** Builds the platform services from config; shared by main.ts and the test harness. */
import type { Config } from '../config';
import { createImagePipeline } from './images/sharp-pipeline';
import type { MailLog } from './mail/mail';
import { createMailer } from './mail/mailer';
import { createLocalStorage } from './storage/local-storage';

export function createPlatform(config: Config, log: MailLog) {
  const storage = createLocalStorage({ root: config.filesDir });
  const images = createImagePipeline({ storage });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: config.mail.outboxDir,
    log,
  });
  return { storage, images, mailer };
}
export type Platform = ReturnType<typeof createPlatform>;
