/**
 * The journeys' mailbox: the e2e server has no SMTP_URL, so every mail is written to its outbox and
 * listed at /dev/mail (non-production), with the 6-digit codes and the links already extracted.
 * The outbox worker delivers every ~2 s, so a mail is waited for, never expected at once.
 */
import { baseUrl } from './browser';
import { type Mail, readMailbox } from './dev-mail';
import { MAIL_TIMEOUT } from './timeouts';

export type { Mail } from './dev-mail';

/** Every message on /dev/mail, newest first (the page's order); `base`: a journey's own server. */
export function listMail(base = baseUrl()): Promise<Mail[]> {
  return readMailbox(base);
}

/** Waits (polling /dev/mail) for the newest mail to `to` that `accept` takes, sent after `after`. */
export async function waitForMail(
  to: string,
  accept: (mail: Mail) => boolean,
  {
    after = new Set<string>(),
    timeoutMs = MAIL_TIMEOUT,
    base,
  }: { after?: ReadonlySet<string>; timeoutMs?: number; base?: string } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  let seen: Mail[] = [];
  while (Date.now() < deadline) {
    seen = (await listMail(base)).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    const found = seen.find((mail) => !after.has(mail.file) && accept(mail));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(
    `no matching mail to ${to} within ${timeoutMs} ms; mails to it: ${JSON.stringify(seen.map((m) => m.subject))}`,
  );
}

/** The outbox files that exist now: pass as `after` to wait only for a newer mail. */
export async function mailFiles(): Promise<Set<string>> {
  return new Set((await listMail()).map((mail) => mail.file));
}

/** The 6-digit code of the newest verification mail to `to` (`base`: a journey's own server). */
export async function verificationCode(to: string, after?: ReadonlySet<string>, base?: string): Promise<string> {
  const mail = await waitForMail(to, (m) => m.codes.length > 0 && m.links.some(isVerificationLink), { after, base });
  return mail.codes[0] as string;
}

export const isVerificationLink = (link: string) => link.includes('/api/auth/verify-email/');
export const isResetLink = (link: string) => link.includes('/reset-password/');

/** The link of the newest mail to `to` that carries one matching `kind`. */
export async function mailedLink(
  to: string,
  kind: (link: string) => boolean,
  after?: ReadonlySet<string>,
): Promise<string> {
  const mail = await waitForMail(to, (m) => m.links.some(kind), { after });
  return mail.links.find(kind) as string;
}

/** A fresh address per journey, so runs never collide on the shared server. */
export function newEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}
