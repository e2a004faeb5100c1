/**
 * The /dev/mail page of a server read as data: every message of its outbox with the 6-digit codes
 * and the links already extracted. No test runner needed (the bench reads it too).
 */
import { REQUEST_TIMEOUT } from './timeouts';

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

/** Every message on `base`'s /dev/mail, newest first (the page's order). */
export async function readMailbox(base: string): Promise<Mail[]> {
  const response = await fetch(`${base}/dev/mail`, {
    headers: { 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
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

/**
 * One message of `base`'s /dev/mail in full: its text (links unwrapped) and the names of its
 * attachments, for what the list does not show (a gift certificate's code, its PDF).
 */
export async function readMessage(base: string, file: string): Promise<{ text: string; attachments: string[] }> {
  const response = await fetch(`${base}/dev/mail/${encodeURIComponent(file)}`, {
    headers: { 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT),
  });
  if (!response.ok) throw new Error(`/dev/mail/${file} answered ${response.status}`);
  const html = await response.text();
  const body = /<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
  const files = /<dt>Attachments<\/dt><dd>([\s\S]*?)<\/dd>/.exec(html)?.[1] ?? '';
  return {
    text: text(body),
    attachments: [...files.matchAll(/<a href="[^"]*">([^<]*)<\/a>/g)].map((m) => unescapeHtml(m[1] ?? '')),
  };
}
