/**
 * The printable certificate: one A4 landscape page in the site's colours and fonts (pdf-lib with
 * fontkit; the site's Manrope and Cormorant Garamond from platform/pdf/fonts.ts, with Cyrillic,
 * embedded as subsets so a page weighs a few kilobytes, the amount in lining figures). Everything written on it is
 * reduced to the characters those fonts have (an emoji in a message is dropped, not drawn as a box).
 * The document's subject is the code, so a reader (or a test) finds it without OCR.
 */
import { type Currency, formatGiftCode, formatMoney, intlLocale, type Language } from '@atelier/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedPdfFonts } from '../../platform/pdf/fonts';
import { giftText } from './gift-certificates.mail';

const INK = rgb(0.231, 0.184, 0.184);
const ROSE = rgb(0.541, 0.247, 0.302);
const SOFT = rgb(0.42, 0.357, 0.357);
const PAPER = rgb(0.984, 0.969, 0.957);
const BLUSH = rgb(0.992, 0.941, 0.91);

export interface CertificatePdfInput {
  lang: Language;
  code: string;
  amountMinor: number;
  currency: Currency;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  /** The shop's address, printed in the small print (`atelier.example`). */
  site: string;
}

/**
 * The amount as the fonts can write it: they have no rouble sign, so roubles are "5 000 руб." in
 * Russian and "5,000 RUB" otherwise; euros and dollars keep their signs.
 */
export function pdfMoney(minor: number, currency: Currency, lang: Language): string {
  if (currency !== 'RUB') return formatMoney(minor / 100, currency, lang);
  const number = new Intl.NumberFormat(intlLocale(lang), {
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(minor / 100);
  return `${number} ${lang === 'ru' ? 'руб.' : 'RUB'}`;
}

/** `text` with only what `font` can draw (narrow and no-break spaces become plain ones). */
function drawable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\u00a0\u202f\u2009]/g, ' ')]
    .filter((char) => known.has(char.codePointAt(0)!))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words laid into lines no wider than `width`; at most `max` lines, the last one ending in "…" if cut. */
function wrap(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.replace(/\s*\S*$/, '')}…`;
  return kept;
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK, spacing = 0) {
  const width = font.widthOfTextAtSize(text, size) + spacing * Math.max(0, [...text].length - 1);
  let x = (page.getWidth() - width) / 2;
  if (spacing === 0) {
    page.drawText(text, { x, y, size, font, color });
    return;
  }
  for (const char of text) {
    page.drawText(char, { x, y, size, font, color });
    x += font.widthOfTextAtSize(char, size) + spacing;
  }
}

export async function certificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { lang } = input;
  const doc = await PDFDocument.create();
  const { serif, sans, sansBold } = await embedPdfFonts(doc);
  const code = formatGiftCode(input.code);
  doc.setTitle(`${giftText('pdfTitle', lang)} — Atelier`);
  doc.setSubject(code);
  doc.setLanguage(lang);
  doc.setCreator('Atelier');
  doc.setProducer('Atelier');

  const page = doc.addPage([842, 595]);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 0, y: 0, width, height, color: PAPER });
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ROSE, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: ROSE, borderWidth: 0.6 });

  centered(page, 'ATELIER', height - 88, sans, 12, ROSE, 6);
  centered(page, drawable(giftText('pdfTitle', lang), serif), height - 148, serif, 46);
  centered(page, drawable(pdfMoney(input.amountMinor, input.currency, lang), serif), height - 222, serif, 60, ROSE);

  let y = height - 272;
  const names = [
    input.recipientName ? giftText('pdfFor', lang, { name: input.recipientName }) : null,
    input.senderName ? giftText('pdfFrom', lang, { name: input.senderName }) : null,
  ].filter((line): line is string => line !== null);
  for (const line of names) {
    centered(page, drawable(line, sans), y, sans, 15, INK);
    y -= 24;
  }
  const message = input.message ? drawable(input.message, serif) : '';
  if (message) {
    y -= 6;
    for (const line of wrap(`«${message}»`, serif, 17, 600, 4)) {
      centered(page, line, y, serif, 17, SOFT);
      y -= 22;
    }
  }

  // The code in a band of its own, where the eye goes to copy it.
  const bandY = 118;
  page.drawRectangle({
    x: 180,
    y: bandY,
    width: width - 360,
    height: 74,
    color: BLUSH,
    borderColor: ROSE,
    borderWidth: 1,
  });
  centered(page, drawable(giftText('pdfCode', lang), sans), bandY + 52, sans, 10, SOFT, 1);
  centered(page, code, bandY + 18, sansBold, 24, INK, 2);

  for (const [index, line] of wrap(
    drawable(giftText('pdfUse', lang, { site: input.site }), sans),
    sans,
    10,
    640,
    2,
  ).entries()) {
    centered(page, line, 78 - index * 14, sans, 10, SOFT);
  }
  return Buffer.from(await doc.save());
}
