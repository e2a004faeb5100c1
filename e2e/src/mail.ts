/**
 * The journeys' mailbox: the e2e server has no SMTP_URL, so every mail is written to its outbox and
 * listed at /dev/mail (non-production), with the 6-digit codes and the links already extracted.
 * The outbox worker delivers every ~2 s, so a mail is waited for, never expected at once.
 */
import { baseUrl } from './browser';

export interface Mail {
  /** The outbox file name (starts with an ISO timestamp, so names sort by time). */
  file: string;
  subject: string;
  to: string;
  codes: string[];
  links: string[];
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

const text = (html: string) => unescapeHtml(html.replace(/<[^>]*>/g, '')).trim();

/** Every message on /dev/mail, newest first (the page's order); `base`: a journey's own server. */
export async function listMail(base = baseUrl()): Promise<Mail[]> {
  const response = await fetch(`${base}/dev/mail`, {
    headers: { 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`/dev/mail answered ${response.status}`);
  const html = await response.text();
  return html
    .split('<article>')
    .slice(1)
    .map((article) => {
      const fields = new Map<string, string>();
      for (const match of article.matchAll(/<dt>([^<]*)<\/dt><dd>([\s\S]*?)<\/dd>\n/g)) {
        fields.set(match[1] ?? '', match[2] ?? '');
      }
      const heading = /<h2>([\s\S]*?)<\/h2>/.exec(article)?.[1] ?? '';
      return {
        file: unescapeHtml(/href="\/dev\/mail\/([^"]+)"/.exec(heading)?.[1] ?? ''),
        subject: text(heading),
        to: text(fields.get('To') ?? ''),
        codes: [...(fields.get('Code') ?? '').matchAll(/class="code">(\d{6})</g)].map((m) => m[1] ?? ''),
        links: [...(fields.get('Links') ?? '').matchAll(/href="([^"]+)"/g)].map((m) => unescapeHtml(m[1] ?? '')),
      };
    });
}

/** Waits (polling /dev/mail) for the newest mail to `to` that `accept` takes, sent after `after`. */
export async function waitForMail(
  to: string,
  accept: (mail: Mail) => boolean,
  {
    after = new Set<string>(),
    timeoutMs = 20_000,
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

/** The 6-digit code of the newest verification mail to `to`. */
export async function verificationCode(to: string, after?: ReadonlySet<string>): Promise<string> {
  const mail = await waitForMail(to, (m) => m.codes.length > 0 && m.links.some(isVerificationLink), { after });
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
