/**
 * The configured Mailer: real SMTP when SMTP_URL is set, otherwise a file outbox of RFC 822 .eml
 * files (DATA_DIR/outbox) so a newcomer can register and reset passwords without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailLog, MailMessage } from './mail';
import { extractCodes, extractLinks, maskCodes } from './mail-text';

/**
 * `2025-01-31T08-15-30-123Z-0123456789ab.eml`: an ISO timestamp with `:` and `.` replaced (both are
 * awkward in file names on some systems), so names sort chronologically; the random suffix keeps
 * two messages in the same millisecond apart. /dev/mail accepts only names of exactly this shape.
 */
export const OUTBOX_FILE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}\.eml$/;

export interface MailerOptions {
  /** e.g. `smtp://user:pass@mail.example.com:587` or `smtps://...:465`; unset = file outbox. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `Atelier <no-reply@example.com>`. */
  from: string;
  outboxDir: string;
  log: MailLog;
  /**
   * Put the codes and links of each outbox mail in the log line (development only: a newcomer
   * signs up from the console). Elsewhere logs never carry a code or a one-time link.
   */
  logSecrets?: boolean;
  /** The clock that names outbox files (tests give their own to order mails without waiting). */
  now?: () => Date;
}

export type ConfiguredMailer = Mailer & {
  readonly kind: 'smtp' | 'file';
  /** Closes pooled SMTP connections; a no-op for the file outbox. */
  close(): Promise<void>;
};

export function createMailer(options: MailerOptions): ConfiguredMailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options) : createFileMailer(options);
}

function createSmtpMailer(smtpUrl: string, { from, log }: MailerOptions): ConfiguredMailer {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      // nodemailer waits minutes by default; a stuck server should fail the attempt so the outbox
      // worker can back off and retry. Values given in the URL's query string still win.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(toNodemailer(from, message));
      log.info(
        { to: message.to, subject: maskCodes(message.subject, message.text), messageId: info.messageId },
        'mail sent via SMTP',
      );
    },
    async close() {
      transport.close();
    },
  };
}

function createFileMailer({
  from,
  outboxDir,
  log,
  logSecrets = false,
  now = () => new Date(),
}: MailerOptions): ConfiguredMailer {
  // buildmessage only: the stream transport composes the full RFC 822 message and sends nothing.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let dirReady: Promise<unknown> | undefined;
  return {
    kind: 'file',
    async send(message) {
      const info = await composer.sendMail(toNodemailer(from, message));
      const eml = info.message as Buffer;
      dirReady ??= mkdir(outboxDir, { recursive: true });
      await dirReady;
      const file = outboxFileName(now());
      const target = path.join(outboxDir, file);
      // Written under a name /dev/mail ignores, then renamed: a reader never sees half a message.
      const temp = path.join(outboxDir, `.${file}.${process.pid}.tmp`);
      try {
        await writeFile(temp, eml);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        dirReady = undefined; // the directory may have been removed under us; recreate next time
        throw error;
      }
      log.info(
        logSecrets
          ? {
              to: message.to,
              subject: message.subject,
              file: target,
              links: extractLinks(message.text),
              codes: extractCodes(message.text),
            }
          : { to: message.to, subject: maskCodes(message.subject, message.text), file: target },
        'mail written to outbox',
      );
    },
    async close() {},
  };
}

export function outboxFileName(at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
}

function toNodemailer(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.html ? { html: message.html } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        }
      : {}),
  };
}
