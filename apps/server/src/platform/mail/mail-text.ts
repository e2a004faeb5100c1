/**
 * What a newcomer needs from a message without reading it: the links to click and the 6-digit
 * code to type. Shared by the file mailer's log line and the /dev/mail page.
 */

const LINK = /https?:\/\/[^\s<>"'`]+/g;
// Punctuation that ends a sentence is not part of the URL written before it.
const TRAILING = /[.,;:!?)\]}»"']+$/;
const CODE = /(?<![\d\p{L}])\d{6}(?![\d\p{L}])/gu;

export function extractLinks(text: string): string[] {
  return [...new Set(splitLinks(text).flatMap((part) => (part.link ? [part.text] : [])))];
}

/** The text cut into plain runs and links, in order, so a page can render the links clickable. */
export function splitLinks(text: string): { text: string; link: boolean }[] {
  const parts: { text: string; link: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING, '');
    if (url.length <= 'https://'.length) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), link: false });
    parts.push({ text: url, link: true });
    last = match.index + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), link: false });
  return parts;
}

/** Six-digit numbers outside links (a token inside a URL is not a code to type). */
export function extractCodes(text: string): string[] {
  const withoutLinks = text.replace(LINK, ' ');
  return [...new Set(Array.from(withoutLinks.matchAll(CODE), (m) => m[0]))];
}

/** `subject` with the message's codes masked: "Your verification code: 123456" names the code. */
export function maskCodes(subject: string, text: string): string {
  let masked = subject;
  for (const code of extractCodes(text)) masked = masked.replaceAll(code, '••••••');
  return masked;
}
