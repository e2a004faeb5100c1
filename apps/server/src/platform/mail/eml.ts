/**
 * Reads the .eml files the file mailer writes, for /dev/mail and the tests, with `mailparser`
 * (nodemailer's own parser): headers, encoded words, transfer encodings, multipart and file names
 * in any form a real mail may use.
 */
import { type AddressObject, simpleParser } from 'mailparser';

export interface ParsedEml {
  to: string;
  from: string;
  subject: string;
  date: Date | null;
  text: string;
  /** The files attached (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** `Atelier <no-reply@atelier.local>, anna@example.com`: each address with its display name, unquoted. */
function addresses(field: AddressObject | AddressObject[] | undefined): string {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return groups
    .flatMap((group) => group.value)
    .map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')))
    .join(', ');
}

export async function parseEml(raw: string | Buffer): Promise<ParsedEml> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null;
  return {
    to: addresses(mail.to),
    from: addresses(mail.from),
    subject: mail.subject ?? '',
    date,
    // The file mailer ends the text part with a line break; the reader never showed it.
    text: (mail.text ?? '').replace(/\n$/, ''),
    attachments: mail.attachments
      .filter((a) => a.contentDisposition === 'attachment')
      .map((a) => ({ filename: a.filename ?? 'attachment', contentType: a.contentType, content: a.content })),
  };
}
