/**
 * The one layout of every mail the shop sends (account, order, payment and owner mails): the same
 * text version and the same HTML, with every value escaped. A feature writes the words; this
 * file decides how a mail looks.
 */
import type { Language } from '@atelier/shared';
import { escapeHtml } from '../http/html';
import type { MailMessage } from './mail';

export const MAIL_SIGNATURE = '— Atelier';

export interface MailContent {
  lang: Language;
  subject: string;
  /** "Здравствуйте, Анна!", the first line, a little larger. */
  greeting?: string;
  /** Paragraphs in order; an array is one block of lines written one under another (an order summary). */
  blocks: (string | string[])[];
  /** A code to type, shown big on its own line. */
  code?: string;
  /** Buttons; the text version writes each as "label: url". */
  actions?: { label: string; url: string }[];
  /** Small print after the buttons. */
  footer?: string;
  /**
   * The way out of a kind of mail (back-in-stock notices, reminders), last before the signature:
   * "text" and a small link; the text version writes "text label: url".
   */
  unsubscribe?: { text: string; label: string; url: string };
}

/** A mail's content; the sender adds the recipient. */
export type RenderedMail = Omit<MailMessage, 'to'>;

const STYLE = {
  body: "margin:0;padding:24px;background:#fbf7f4;font-family:Georgia,'Times New Roman',serif;color:#3b2f2f",
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px',
  greeting: 'font-size:20px;margin:0 0 16px',
  paragraph: 'font-size:16px;line-height:1.5;margin:0 0 16px',
  line: 'font-size:15px;line-height:1.4;margin:0 0 6px',
  lines: 'margin:0 0 16px',
  code: 'font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center;margin:24px 0',
  action: 'text-align:center;margin:24px 0 8px',
  button:
    'display:inline-block;background:#8a3f4d;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-size:16px',
  url: 'font-size:13px;color:#6b5b5b;word-break:break-all;text-align:center;margin:0 0 16px',
  small: 'font-size:13px;color:#6b5b5b;margin:24px 0 0',
  smallLink: 'color:#6b5b5b',
};

function textVersion(content: MailContent): string {
  return [
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.blocks.flatMap((block) => [...(Array.isArray(block) ? block : [block]), '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.actions ?? []).flatMap((action) => [`${action.label}: ${action.url}`, '']),
    ...(content.footer ? [content.footer, ''] : []),
    ...(content.unsubscribe
      ? [`${content.unsubscribe.text} ${content.unsubscribe.label}: ${content.unsubscribe.url}`, '']
      : []),
    MAIL_SIGNATURE,
  ].join('\n');
}

function htmlBlock(block: string | string[]): string {
  if (!Array.isArray(block)) return `<p style="${STYLE.paragraph}">${escapeHtml(block)}</p>`;
  const lines = block.map((line) => `<p style="${STYLE.line}">${escapeHtml(line)}</p>`).join('\n');
  return `<div style="${STYLE.lines}">\n${lines}\n</div>`;
}

function htmlVersion(content: MailContent): string {
  const parts = [
    ...(content.greeting ? [`<p style="${STYLE.greeting}">${escapeHtml(content.greeting)}</p>`] : []),
    ...content.blocks.map(htmlBlock),
    ...(content.code ? [`<p style="${STYLE.code}">${escapeHtml(content.code)}</p>`] : []),
    ...(content.actions ?? []).flatMap((action) => [
      `<p style="${STYLE.action}"><a href="${escapeHtml(action.url)}" style="${STYLE.button}">${escapeHtml(action.label)}</a></p>`,
      // The address itself too, for a mail client that shows no buttons.
      `<p style="${STYLE.url}">${escapeHtml(action.url)}</p>`,
    ]),
    ...(content.footer ? [`<p style="${STYLE.small}">${escapeHtml(content.footer)}</p>`] : []),
    ...(content.unsubscribe
      ? [
          `<p style="${STYLE.small}">${escapeHtml(content.unsubscribe.text)} <a href="${escapeHtml(content.unsubscribe.url)}" style="${STYLE.smallLink}">${escapeHtml(content.unsubscribe.label)}</a></p>`,
        ]
      : []),
    `<p style="${STYLE.small}">${escapeHtml(MAIL_SIGNATURE)}</p>`,
  ];
  return `<!doctype html>
<html lang="${content.lang}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="${STYLE.body}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${STYLE.card}">
<tr><td>
${parts.join('\n')}
</td></tr></table>
</body></html>`;
}

export function renderMail(content: MailContent): RenderedMail {
  return { subject: content.subject, text: textVersion(content), html: htmlVersion(content) };
}
