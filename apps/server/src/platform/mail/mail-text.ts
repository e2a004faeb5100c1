/**
 * What a newcomer needs from a message without reading it: the links to click and the 6-digit
 * code to type. Shared by the file mailer's log line and the /dev/mail page.
 */

const LINK = /https?:\/\/[^\s<>"'`]+/g;
// Punctuation that ends a sentence is not part of the URL written before it.
const TRAILING = /[.,;:!?)\]}»"']+$/;
const CODE = /(?<![\d\p{L}])\d{6}(?![\d\p{L}])/gu;

export function extractLinks(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING, '');
    if (url.length > 'https://'.length) found.add(url);
  }
  return [...found];
}

/** Six-digit numbers outside links (a token inside a URL is not a code to type). */
export function extractCodes(text: string): string[] {
  const withoutLinks = text.replace(LINK, ' ');
  return [...new Set(Array.from(withoutLinks.matchAll(CODE), (m) => m[0]))];
}
