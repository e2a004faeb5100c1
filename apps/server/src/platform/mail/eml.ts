/**
 * A small reader for the .eml files the file mailer writes (nodemailer output: UTF-8, text part
 * quoted-printable/base64/7bit, optionally inside multipart/alternative). Enough for /dev/mail;
 * not a general MIME parser.
 */

export interface ParsedEml {
  headers: Map<string, string>;
  to: string;
  from: string;
  subject: string;
  date: Date | null;
  text: string;
}

export function parseEml(raw: string): ParsedEml {
  const { headers, body } = splitPart(raw);
  const text = findTextPlain(headers, body) ?? '';
  const dateHeader = headers.get('date');
  const date = dateHeader ? new Date(dateHeader) : null;
  return {
    headers,
    to: headers.get('to') ?? '',
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    text,
  };
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
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return null;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitPart(part.replace(/^\n/, ''));
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
