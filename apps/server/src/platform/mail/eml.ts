/**
 * A small reader for the .eml files the file mailer writes (nodemailer output: UTF-8, text part
 * quoted-printable/base64/7bit, optionally inside multipart/alternative, and files attached in a
 * multipart/mixed). Enough for /dev/mail; not a general MIME parser.
 */

export interface ParsedEml {
  headers: Map<string, string>;
  to: string;
  from: string;
  subject: string;
  date: Date | null;
  text: string;
  /** The files attached (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export function parseEml(raw: string): ParsedEml {
  const { headers, body } = splitPart(raw);
  const text = findTextPlain(headers, body) ?? '';
  const attachments: ParsedEml['attachments'] = [];
  collectAttachments(headers, body, attachments);
  const dateHeader = headers.get('date');
  const date = dateHeader ? new Date(dateHeader) : null;
  return {
    headers,
    to: headers.get('to') ?? '',
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    text,
    attachments,
  };
}

function multipartParts(type: string, body: string): { headers: Map<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [];
  const parts: { headers: Map<string, string>; body: string }[] = [];
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    parts.push(splitPart(part.replace(/^\n/, '')));
  }
  return parts;
}

/**
 * The file name of a Content-Disposition: `filename="a.pdf"`, or RFC 2231's `filename*=utf-8''…`
 * and its numbered continuations (`filename*0*=…; filename*1*=…`), percent-decoded, as nodemailer
 * writes a name that is not ASCII.
 */
export function attachmentName(disposition: string): string | null {
  const parts = [...disposition.matchAll(/filename\*(?:(\d+)\*?|\*?)?=\s*("[^"]*"|[^;\s]*)/gi)]
    .map((match) => ({ index: Number(match[1] ?? 0), value: (match[2] ?? '').replace(/^"|"$/g, '') }))
    .sort((a, b) => a.index - b.index);
  if (parts.length > 0) {
    const joined = parts.map((part) => part.value).join('');
    const encoded = /^([\w-]+)'[^']*'(.*)$/.exec(joined);
    try {
      return decodeURIComponent(encoded ? (encoded[2] ?? '') : joined);
    } catch {
      return joined;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return plain ? decodeWords(plain) : null;
}

function collectAttachments(headers: Map<string, string>, body: string, into: ParsedEml['attachments']): void {
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    for (const part of multipartParts(type, body)) collectAttachments(part.headers, part.body, into);
    return;
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^attachment/i.test(disposition)) return;
  const filename = attachmentName(disposition) ?? 'attachment';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body.replace(/\n$/, ''));
  into.push({ filename, contentType: type.split(';')[0]!.trim(), content });
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with leading whitespace (RFC 5322 §2.2.3).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function findTextPlain(headers: Map<string, string>, body: string): string | null {
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    for (const inner of multipartParts(type, body)) {
      const found = findTextPlain(inner.headers, inner.body);
      if (found !== null) return found;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  return decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit').replace(/\n$/, '');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  // Soft line breaks first, then =XX byte escapes, decoded as UTF-8 bytes together.
  return qpBytes(body.replace(/=\n/g, '')).toString('utf8');
}

function qpBytes(joined: string): Buffer {
  const chunks = Array.from(joined.matchAll(/=([0-9A-Fa-f]{2})|[^=]+|=/g), ([all, hex]) =>
    hex ? Buffer.from([Number.parseInt(hex, 16)]) : Buffer.from(all, 'utf8'),
  );
  return Buffer.concat(chunks);
}

/**
 * RFC 2047 encoded words (`=?UTF-8?B?...?=` / `?Q?`). Whitespace between adjacent words is dropped
 * and their bytes are joined before decoding, since a long subject may be split mid-character.
 */
export function decodeWords(value: string): string {
  const WORD = /=\?[^?]+\?([BbQq])\?([^?]*)\?=/g;
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
      const chunks = Array.from(run.matchAll(WORD), ([, kind = 'B', data = '']) =>
        kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' ')),
      );
      return Buffer.concat(chunks).toString('utf8');
    });
}
