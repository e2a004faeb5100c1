/**
 * The one layout of every mail the shop sends (account, order, payment and owner mails): a text
 * version and a responsive HTML version drawn from the same content, with every value escaped. A
 * feature writes the words; this file decides how a mail looks.
 *
 * The HTML is what mail clients accept: nested tables for the layout, inline styles on every
 * element (Gmail and Outlook drop or ignore most of a <style> block), 600 px at most and fluid
 * below it. The <style> block only adds what inline styles cannot say: narrower padding on a
 * phone and the dark palette for `prefers-color-scheme: dark` (Apple Mail, iOS, Outlook for Mac);
 * a client that ignores it shows the light palette, readable everywhere. Colours are the web
 * theme's (apps/web/src/index.css): cream page, ivory card, ink text, rose buttons.
 */
import { fillText, type Language, type Texts } from '@atelier/shared';
import { escapeHtml } from '../http/html';
import type { MailBrand, MailContent } from './content';
import type { MailMessage } from './mail';

export type { MailBrand, MailContent } from './content';

export const MAIL_SIGNATURE = '— Atelier';

export const SHOP_NAME = 'Atelier';

/** The layout's own words: the shop's line under its name and the invitation to answer. */
export const LAYOUT_TEXTS = {
  tagline: { ru: 'цветы из шёлка', en: 'silk flowers', es: 'flores de seda' },
  about: {
    ru: 'Atelier — цветы из шёлка ручной работы и онлайн-уроки флористики',
    en: 'Atelier — handmade silk flowers and online floristry lessons',
    es: 'Atelier — flores de seda hechas a mano y clases de floristería en línea',
  },
  reply: {
    ru: 'Есть вопросы? Просто ответьте на это письмо — оно придёт нам на {email}.',
    en: 'Any questions? Just reply to this email — it reaches us at {email}.',
    es: '¿Tiene alguna pregunta? Responda a este correo: nos llega a {email}.',
  },
} satisfies Record<string, Texts>;

/** A mail's content; the sender adds the recipient. */
export type RenderedMail = Omit<MailMessage, 'to'>;

/** No contact address: no reply line. */
export const NO_BRAND: MailBrand = { replyTo: null };

const C = {
  page: '#fbf7f4',
  card: '#fffdfb',
  ink: '#2e2724',
  inkSoft: '#51473f',
  muted: '#6b5f58',
  line: '#eadcd6',
  brand: '#853a4d',
  button: '#853a4d',
  codeBg: '#fdf5f3',
  gold: '#b8893f',
};

const SANS = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const SERIF = "'Cormorant Garamond',Georgia,'Times New Roman',serif";

const S = {
  body: `margin:0;padding:0;width:100%;background:${C.page};-webkit-text-size-adjust:100%`,
  outer: `background:${C.page}`,
  outerCell: 'padding:24px 12px',
  header: 'padding:4px 8px 20px;text-align:center',
  brand: `font-family:${SERIF};font-size:30px;line-height:1.1;font-weight:600;letter-spacing:1px;color:${C.brand};text-decoration:none`,
  flower: `color:${C.gold};font-size:18px`,
  tagline: `font-family:${SANS};font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${C.muted};margin:6px 0 0`,
  card: `background:${C.card};border:1px solid ${C.line};border-radius:12px;padding:32px;font-family:${SANS};color:${C.ink}`,
  greeting: `font-family:${SERIF};font-size:24px;line-height:1.25;font-weight:600;margin:0 0 16px;color:${C.ink}`,
  paragraph: `font-size:16px;line-height:1.55;margin:0 0 16px;color:${C.ink}`,
  line: `font-size:15px;line-height:1.45;margin:0 0 4px;color:${C.ink}`,
  lines: 'margin:0 0 16px',
  items: 'border-collapse:collapse;margin:8px 0 16px',
  itemName: `padding:10px 12px 10px 0;border-bottom:1px solid ${C.line};font-size:15px;line-height:1.4;color:${C.ink};vertical-align:top`,
  itemDetail: `font-size:13px;color:${C.muted}`,
  itemPicture: `padding:10px 12px 10px 0;border-bottom:1px solid ${C.line};width:64px;vertical-align:top`,
  picture: `display:block;width:64px;height:64px;border:0;border-radius:6px;object-fit:cover;background:${C.codeBg}`,
  itemAmount: `padding:10px 0;border-bottom:1px solid ${C.line};font-size:15px;line-height:1.4;color:${C.ink};text-align:right;white-space:nowrap;vertical-align:top`,
  totalLabel: `padding:6px 12px 0 0;font-size:15px;color:${C.inkSoft}`,
  totalValue: `padding:6px 0 0;font-size:15px;color:${C.inkSoft};text-align:right;white-space:nowrap`,
  strongLabel: `padding:10px 12px 0 0;font-size:17px;font-weight:700;color:${C.ink}`,
  strongValue: `padding:10px 0 0;font-size:17px;font-weight:700;color:${C.ink};text-align:right;white-space:nowrap`,
  code: `font-family:${SANS};font-size:32px;letter-spacing:8px;font-weight:700;text-align:center;margin:24px 0;padding:16px 8px;background:${C.codeBg};border-radius:8px;color:${C.ink}`,
  actionTable: 'margin:24px auto 8px',
  buttonCell: `border-radius:8px;background:${C.button}`,
  button: `display:inline-block;padding:14px 28px;font-family:${SANS};font-size:16px;font-weight:600;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:8px`,
  url: `font-size:12px;line-height:1.4;color:${C.muted};word-break:break-all;text-align:center;margin:0 0 16px`,
  small: `font-size:13px;line-height:1.5;color:${C.muted};margin:24px 0 0`,
  smallLink: `color:${C.muted}`,
  foot: `padding:20px 16px 8px;text-align:center;font-family:${SANS};font-size:12px;line-height:1.6;color:${C.muted}`,
  footLink: `color:${C.brand};white-space:nowrap`,
};

/**
 * Phone widths and the dark palette. Class names start with `m-` so a client that keeps the block
 * cannot mix them up with its own; `!important` is what beats the inline styles.
 */
const HEAD_STYLE = `<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (max-width:600px){
.m-outer-cell{padding:12px 6px !important}
.m-card{padding:24px 16px !important}
.m-greeting{font-size:21px !important}
.m-button{display:block !important;padding:14px 16px !important}
.m-action{width:100% !important}
}
@media (prefers-color-scheme:dark){
.m-body,.m-outer{background:#1c1715 !important}
.m-card{background:#28201e !important;border-color:#4a3c38 !important}
.m-text{color:#f3ebe7 !important}
.m-soft{color:#e3d6cf !important}
.m-muted{color:#c9bab2 !important}
.m-brand{color:#e5b6ad !important}
.m-line{border-color:#4a3c38 !important}
.m-code{background:#3a2e2b !important;color:#f3ebe7 !important}
.m-button-cell,.m-button{background:#cf8797 !important;color:#1c1715 !important}
}
</style>`;

function replyLine(content: MailContent, brand: MailBrand): string | null {
  return brand.replyTo ? fillText(LAYOUT_TEXTS.reply[content.lang], { email: brand.replyTo }) : null;
}

function textVersion(content: MailContent, brand: MailBrand): string {
  const blocks = (list: (string | string[])[] | undefined) =>
    (list ?? []).flatMap((block) => [...(Array.isArray(block) ? block : [block]), '']);
  const reply = replyLine(content, brand);
  return [
    ...(content.greeting ? [content.greeting, ''] : []),
    ...blocks(content.blocks),
    ...(content.items?.length
      ? [...content.items.map((item) => `• ${item.name}${item.detail ? ` (${item.detail})` : ''} — ${item.amount}`), '']
      : []),
    ...(content.totals?.length ? [...content.totals.map((row) => `${row.label}: ${row.value}`), ''] : []),
    ...blocks(content.after),
    ...(content.code ? [content.code, ''] : []),
    ...(content.actions ?? []).flatMap((action) => [`${action.label}: ${action.url}`, '']),
    ...(content.footer ? [content.footer, ''] : []),
    ...(reply ? [reply, ''] : []),
    ...(content.unsubscribe
      ? [`${content.unsubscribe.text} ${content.unsubscribe.label}: ${content.unsubscribe.url}`, '']
      : []),
    MAIL_SIGNATURE,
  ].join('\n');
}

function htmlBlock(block: string | string[]): string {
  if (!Array.isArray(block)) return `<p class="m-text" style="${S.paragraph}">${escapeHtml(block)}</p>`;
  const lines = block.map((line) => `<p class="m-text" style="${S.line}">${escapeHtml(line)}</p>`).join('\n');
  return `<div style="${S.lines}">\n${lines}\n</div>`;
}

function htmlItems(content: MailContent): string[] {
  const items = content.items ?? [];
  const totals = content.totals ?? [];
  if (items.length === 0 && totals.length === 0) return [];
  // One column of pictures when any line has one; a line without keeps its cell empty.
  const pictured = items.some((item) => item.image);
  const picture = (image: string | undefined) =>
    pictured
      ? `<td class="m-line" style="${S.itemPicture}">${
          image ? `<img src="${escapeHtml(image)}" width="64" height="64" alt="" style="${S.picture}">` : ''
        }</td>`
      : '';
  const span = pictured ? ' colspan="2"' : '';
  const rows = [
    ...items.map(
      (item) =>
        `<tr>${picture(item.image)}<td class="m-text m-line" style="${S.itemName}">${escapeHtml(item.name)}${
          item.detail ? `<br><span class="m-muted" style="${S.itemDetail}">${escapeHtml(item.detail)}</span>` : ''
        }</td><td class="m-text m-line" style="${S.itemAmount}">${escapeHtml(item.amount)}</td></tr>`,
    ),
    ...totals.map((row) => {
      const [label, value, cls] = row.strong
        ? [S.strongLabel, S.strongValue, 'm-text']
        : [S.totalLabel, S.totalValue, 'm-soft'];
      return `<tr><td class="${cls}"${span} style="${label}">${escapeHtml(row.label)}</td><td class="${cls}" style="${value}">${escapeHtml(row.value)}</td></tr>`;
    }),
  ];
  return [
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${S.items}">\n${rows.join('\n')}\n</table>`,
  ];
}

function htmlAction(action: { label: string; url: string }): string[] {
  const href = escapeHtml(action.url);
  return [
    `<table role="presentation" class="m-action" cellpadding="0" cellspacing="0" border="0" align="center" style="${S.actionTable}"><tr><td class="m-button-cell" align="center" bgcolor="${C.button}" style="${S.buttonCell}"><a class="m-button" href="${href}" target="_blank" style="${S.button}">${escapeHtml(action.label)}</a></td></tr></table>`,
    // The address itself too, for a mail client that shows no buttons.
    `<p class="m-muted" style="${S.url}">${href}</p>`,
  ];
}

function htmlVersion(content: MailContent, brand: MailBrand): string {
  const lang = content.lang;
  const reply = replyLine(content, brand);
  const parts = [
    ...(content.greeting
      ? [`<h1 class="m-text m-greeting" style="${S.greeting}">${escapeHtml(content.greeting)}</h1>`]
      : []),
    ...content.blocks.map(htmlBlock),
    ...htmlItems(content),
    ...(content.after ?? []).map(htmlBlock),
    ...(content.code ? [`<p class="m-code" style="${S.code}">${escapeHtml(content.code)}</p>`] : []),
    ...(content.actions ?? []).flatMap(htmlAction),
    ...(content.footer ? [`<p class="m-muted" style="${S.small}">${escapeHtml(content.footer)}</p>`] : []),
    ...(reply ? [`<p class="m-muted" style="${S.small}">${replyHtml(lang, brand.replyTo!)}</p>`] : []),
    ...(content.unsubscribe
      ? [
          `<p class="m-muted" style="${S.small}">${escapeHtml(content.unsubscribe.text)} <a class="m-muted" href="${escapeHtml(content.unsubscribe.url)}" style="${S.smallLink}">${escapeHtml(content.unsubscribe.label)}</a></p>`,
        ]
      : []),
  ];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
${HEAD_STYLE}
</head>
<body class="m-body" style="${S.body}">
<table role="presentation" class="m-outer" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.page}" style="${S.outer}">
<tr><td class="m-outer-cell" align="center" style="${S.outerCell}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px">
<tr><td style="${S.header}">
<span class="m-brand" style="${S.brand}">${SHOP_NAME}</span> <span style="${S.flower}">&#10047;</span>
<p class="m-muted" style="${S.tagline}">${escapeHtml(LAYOUT_TEXTS.tagline[lang])}</p>
</td></tr>
<tr><td class="m-card" style="${S.card}">
${parts.join('\n')}
</td></tr>
<tr><td class="m-muted" style="${S.foot}">${escapeHtml(LAYOUT_TEXTS.about[lang])}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

/** The reply line with the address as a mailto link. */
function replyHtml(lang: Language, email: string): string {
  const [before, after] = LAYOUT_TEXTS.reply[lang].split('{email}') as [string, string];
  const address = escapeHtml(email);
  return `${escapeHtml(before)}<a class="m-brand" href="mailto:${address}" style="${S.footLink}">${address}</a>${escapeHtml(after)}`;
}

/**
 * Draws the mail. Features call it without a brand (their pure functions know no settings);
 * `enqueueMail` draws the kept `content` again with the shop's settings before it is queued.
 */
export function renderMail(content: MailContent, brand: MailBrand = NO_BRAND): RenderedMail {
  return {
    subject: content.subject,
    text: textVersion(content, brand),
    html: htmlVersion(content, brand),
    content,
  };
}
