/**
 * GET /dev/mail — the file outbox as a web page, so a newcomer can click the verification link or
 * read the 6-digit code without a mail server. Registered only outside production and only when
 * the file mailer is in use, and answers only the machine itself: every verification code and
 * reset link is on it, so a demo reachable from a network must not hand them out. Server-rendered with every value escaped and no script (the CSP
 * allows scripts from 'self' only; inline <style> is allowed).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ErrorCode, intlLocale, type Language, pickLanguage, SERVER_MESSAGES } from '@atelier/shared';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../http/html';
import { type ParsedEml, parseEml } from './eml';
import { extractCodes, extractLinks, splitLinks } from './mail-text';
import { OUTBOX_FILE_PATTERN } from './mailer';

export interface DevMailRoutesOptions {
  outboxDir: string;
  /** Newest messages shown on the list page; older files stay on disk. */
  limit?: number;
}

const LABELS = {
  ru: {
    title: 'Исходящая почта (разработка)',
    intro: 'Письма не отправляются: SMTP_URL не задан, поэтому каждое письмо сохраняется в папку',
    empty: 'Писем пока нет. Зарегистрируйтесь на сайте — письмо с кодом появится здесь.',
    date: 'Дата',
    to: 'Кому',
    subject: 'Тема',
    code: 'Код',
    links: 'Ссылки',
    open: 'Открыть письмо',
    back: 'Все письма',
    refresh: 'Обновить',
    body: 'Текст письма',
    attachments: 'Вложения',
    noSubject: '(без темы)',
  },
  en: {
    title: 'Outgoing mail (development)',
    intro: 'Nothing is sent: SMTP_URL is not set, so every message is saved to the folder',
    empty: 'No messages yet. Register on the site and the mail with the code will appear here.',
    date: 'Date',
    to: 'To',
    subject: 'Subject',
    code: 'Code',
    links: 'Links',
    open: 'Open message',
    back: 'All messages',
    refresh: 'Refresh',
    body: 'Message text',
    attachments: 'Attachments',
    noSubject: '(no subject)',
  },
  es: {
    title: 'Correo saliente (desarrollo)',
    intro: 'No se envía nada: SMTP_URL no está definido, así que cada mensaje se guarda en la carpeta',
    empty: 'Aún no hay mensajes. Regístrese en el sitio y el correo con el código aparecerá aquí.',
    date: 'Fecha',
    to: 'Para',
    subject: 'Asunto',
    code: 'Código',
    links: 'Enlaces',
    open: 'Abrir mensaje',
    back: 'Todos los mensajes',
    refresh: 'Actualizar',
    body: 'Texto del mensaje',
    attachments: 'Adjuntos',
    noSubject: '(sin asunto)',
  },
} satisfies Record<Language, Record<string, string>>;

type Labels = (typeof LABELS)[Language];
const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;background:#faf7f5;color:#2b2b2b}
main{max-width:60rem;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 .5rem}
.muted{color:#666;font-size:.9rem}
article{background:#fff;border:1px solid #e6dcd6;border-radius:.5rem;padding:1rem;margin:1rem 0}
article h2{font-size:1.1rem;margin:0 0 .25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
dt{color:#666}dd{margin:0;overflow-wrap:anywhere}
.code{font:700 2rem/1.2 ui-monospace,monospace;letter-spacing:.3rem;background:#fdf0e8;padding:.25rem .75rem;border-radius:.25rem;display:inline-block}
a{color:#8a3b5c}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e6dcd6;padding:1rem;border-radius:.5rem}
`;

interface Message extends ParsedEml {
  file: string;
  codes: string[];
  links: string[];
}

async function readMessage(dir: string, file: string): Promise<Message> {
  const parsed = await parseEml(await readFile(path.join(dir, file), 'utf8'));
  return { ...parsed, file, codes: extractCodes(parsed.text), links: extractLinks(parsed.text) };
}

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function formatDate(message: Message, lang: Language): string {
  // The file name carries the write time even if the Date header were missing.
  const date = message.date ?? new Date(message.file.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)-/, 'T$1:$2:$3.'));
  return Number.isNaN(date.getTime()) ? '' : `${date.toLocaleString(intlLocale(lang), { timeZone: 'UTC' })} UTC`;
}

function summary(message: Message, lang: Language, t: Labels, headingLink: boolean): string {
  const subject = escapeHtml(message.subject || t.noSubject);
  const heading = headingLink ? `<a href="/dev/mail/${escapeHtml(message.file)}">${subject}</a>` : subject;
  const codes = message.codes.map((c) => `<span class="code">${escapeHtml(c)}</span>`).join(' ');
  const links = message.links
    .map((l) => `<li><a href="${escapeHtml(l)}" rel="noreferrer">${escapeHtml(l)}</a></li>`)
    .join('');
  const files = message.attachments
    .map(
      (a, index) =>
        `<li><a href="/dev/mail/${escapeHtml(message.file)}/attachments/${index}">${escapeHtml(a.filename)}</a></li>`,
    )
    .join('');
  return `<h2>${heading}</h2><dl>
<dt>${t.date}</dt><dd><time>${escapeHtml(formatDate(message, lang))}</time></dd>
<dt>${t.to}</dt><dd>${escapeHtml(message.to)}</dd>
${codes ? `<dt>${t.code}</dt><dd>${codes}</dd>` : ''}
${links ? `<dt>${t.links}</dt><dd><ul>${links}</ul></dd>` : ''}
${files ? `<dt>${t.attachments}</dt><dd><ul>${files}</ul></dd>` : ''}
</dl>`;
}

function notFound(reply: FastifyReply, lang: Language) {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .send({ success: false, code: 'NOT_FOUND' satisfies ErrorCode, message: SERVER_MESSAGES.notFound[lang] });
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A caller on this machine: the socket and the client address (X-Forwarded-For with TRUST_PROXY)
 * are loopback, and nothing was forwarded (a local reverse proxy would make everyone loopback).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

export const devMailRoutes: FastifyPluginAsync<DevMailRoutesOptions> = async (app, options) => {
  const dir = options.outboxDir;
  const limit = options.limit ?? 100;

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackRequest(request)) return notFound(reply, pickLanguage(request.headers['accept-language']));
  });

  app.get('/dev/mail', async (request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const t = LABELS[lang];
    let files: string[] = [];
    try {
      files = (await readdir(dir)).filter((f) => OUTBOX_FILE_PATTERN.test(f));
    } catch (error) {
      // No mail written yet: the mailer creates the folder on the first message.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // Names start with an ISO timestamp, so reverse name order is newest first.
    files.sort().reverse();
    const messages = await Promise.all(files.slice(0, limit).map((f) => readMessage(dir, f)));
    const items = messages
      .map(
        (m) => `<article>${summary(m, lang, t, true)}<a href="/dev/mail/${escapeHtml(m.file)}">${t.open}</a></article>`,
      )
      .join('\n');
    const body = `<h1>${t.title}</h1>
<p class="muted">${t.intro} <code>${escapeHtml(dir)}</code>. <a href="/dev/mail">${t.refresh}</a></p>
${items || `<p>${t.empty}</p>`}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, t.title, body));
  });

  app.get<{ Params: { file: string; index: string } }>('/dev/mail/:file/attachments/:index', async (request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const { file, index } = request.params;
    if (!OUTBOX_FILE_PATTERN.test(file) || !/^\d{1,2}$/.test(index)) return notFound(reply, lang);
    let message: Message;
    try {
      message = await readMessage(dir, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(reply, lang);
      throw error;
    }
    const attachment = message.attachments[Number(index)];
    if (!attachment) return notFound(reply, lang);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition(attachment.filename))
      .type(attachment.contentType)
      .send(attachment.content);
  });

  app.get<{ Params: { file: string } }>('/dev/mail/:file', async (request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const t = LABELS[lang];
    const { file } = request.params;
    // Only names the mailer itself produces: no separators, no dots beyond ".eml", so no traversal.
    if (!OUTBOX_FILE_PATTERN.test(file)) return notFound(reply, lang);
    let message: Message;
    try {
      message = await readMessage(dir, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(reply, lang);
      throw error;
    }
    const text = splitLinks(message.text)
      .map((part) =>
        part.link
          ? `<a href="${escapeHtml(part.text)}" rel="noreferrer">${escapeHtml(part.text)}</a>`
          : escapeHtml(part.text),
      )
      .join('');
    const body = `<p><a href="/dev/mail">← ${t.back}</a></p>
<article>${summary(message, lang, t, false)}<dl><dt>${t.subject}</dt><dd>${escapeHtml(message.subject)}</dd></dl></article>
<h2>${t.body}</h2><pre>${text}</pre>`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(lang, message.subject || t.title, body));
  });
};
