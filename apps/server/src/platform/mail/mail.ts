/**
 * Mail contract. SMTP_URL set: real SMTP through nodemailer. Unset: each message is written as
 * an .eml file to DATA_DIR/outbox and logged (recipient, subject), and /dev/mail lists them
 * outside production.
 */
import type { MailContent } from './content';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Where the customer's answer goes: the shop's contact address from the site settings. Left out,
   * `enqueueMail` fills it in from the settings; null sends none (no contact address is set).
   */
  replyTo?: string | null;
  /**
   * The words and parts the layout drew `text` and `html` from. `enqueueMail` draws them again with
   * the shop's settings (the reply line exists only when there is an address to reply to).
   */
  content?: MailContent;
  /** Files sent with it (a printable certificate); kept in the outbox only until it is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The slice of a pino logger the mail code uses, so the app's logger (or `app.log`) can be passed
 * without tying these modules to Fastify.
 */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
