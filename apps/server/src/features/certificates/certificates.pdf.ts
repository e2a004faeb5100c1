/**
 * The certificate as a one-page A4 landscape PDF, in ru, en or es: the school, the heading, the
 * learner's name, the course, the date of issue, and the verification address (printed, linked and
 * as a QR code) with the code. Set in the site's typefaces, embedded as subsets of static TTF
 * instances (platform/pdf/fonts.ts, made by scripts/make-certificate-fonts.py) so Cyrillic and Spanish letters
 * render in any viewer; pdf-lib writes a ToUnicode map, so the text can be searched and copied.
 */
import { fillText, type Language, SERVER_MESSAGES } from '@atelier/shared';
import { PDFDocument, type PDFFont, PDFName, type PDFPage, PDFString, rgb } from 'pdf-lib';
import qrcode from 'qrcode-generator';
import { embedPdfFonts } from '../../platform/pdf/fonts';

const INK = rgb(0x2e / 255, 0x27 / 255, 0x24 / 255);
const MUTED = rgb(0x6b / 255, 0x5f / 255, 0x58 / 255);
const ROSE = rgb(0x85 / 255, 0x3a / 255, 0x4d / 255);
const ROSE_DARK = rgb(0x6a / 255, 0x2e / 255, 0x3e / 255);
const GOLD = rgb(0xb8 / 255, 0x89 / 255, 0x3f / 255);
const CREAM = rgb(0xfb / 255, 0xf7 / 255, 0xf4 / 255);
const LINE = rgb(0xea / 255, 0xdc / 255, 0xd6 / 255);

export interface CertificatePdfInput {
  code: string;
  name: string;
  courseTitle: string;
  issuedAt: Date;
  language: Language;
  /** The absolute address of the verification page. */
  verifyUrl: string;
}

/** Quotation marks around a title, as each language writes them. */
const QUOTES: Record<Language, [string, string]> = { ru: ['«', '»'], en: ['“', '”'], es: ['«', '»'] };

const text = (key: keyof typeof SERVER_MESSAGES, lang: Language, values: Record<string, string> = {}) =>
  fillText(SERVER_MESSAGES[key][lang], values);

/** The largest size up to `size` (down to `min`) at which `value` fits `width`. */
function fittingSize(font: PDFFont, value: string, size: number, min: number, width: number): number {
  let current = size;
  while (current > min && font.widthOfTextAtSize(value, current) > width) current -= 1;
  return current;
}

/** `value` in lines no wider than `width` (words kept whole; a word wider than a line is cut). */
function wrap(font: PDFFont, value: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

function centered(page: PDFPage, value: string, font: PDFFont, size: number, y: number, color = INK) {
  const width = font.widthOfTextAtSize(value, size);
  page.drawText(value, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Characters the embedded fonts lack become a plain look-alike rather than breaking the PDF. */
function printable(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(value.normalize('NFC'), (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (supported.has(code)) return char;
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
    return plain && Array.from(plain).every((c) => supported.has(c.codePointAt(0) ?? 0)) ? plain : '?';
  }).join('');
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const lang = input.language;
  const pdf = await PDFDocument.create();
  const { serif, sans, sansBold } = await embedPdfFonts(pdf);
  const name = printable(serif, input.name);
  const course = printable(serif, input.courseTitle);
  const heading = text('certificatePdfHeading', lang);
  pdf.setTitle(`${heading} — ${input.courseTitle} — ${input.name}`);
  pdf.setAuthor('Atelier');
  pdf.setSubject(input.verifyUrl);
  pdf.setLanguage(lang);
  pdf.setCreator('Atelier');
  pdf.setProducer('Atelier');
  pdf.setCreationDate(input.issuedAt);
  pdf.setModificationDate(input.issuedAt);

  // A4 landscape, in points.
  const page = pdf.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const inner = width - 2 * 96;
  page.drawRectangle({ x: 0, y: 0, width, height, color: CREAM });
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: GOLD, borderWidth: 1.5 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: LINE, borderWidth: 0.75 });

  centered(page, text('certificatePdfSchool', lang).toUpperCase(), sansBold, 10, height - 84, ROSE);
  centered(page, heading, serif, 56, height - 150);
  centered(page, text('certificatePdfSubheading', lang), sans, 14, height - 184, MUTED);

  centered(page, text('certificatePdfAwardedTo', lang), sans, 13, height - 232, MUTED);
  const nameSize = fittingSize(serif, name, 40, 20, inner);
  centered(page, name, serif, nameSize, height - 276, ROSE_DARK);
  page.drawLine({
    start: { x: width / 2 - 170, y: height - 290 },
    end: { x: width / 2 + 170, y: height - 290 },
    thickness: 0.75,
    color: GOLD,
  });

  centered(page, text('certificatePdfFor', lang), sans, 13, height - 318, MUTED);
  const [open, close] = QUOTES[lang];
  const quoted = `${open}${course}${close}`;
  let courseSize = 26;
  let courseLines = wrap(serif, quoted, courseSize, inner);
  while (courseLines.length > 2 && courseSize > 14) {
    courseSize -= 2;
    courseLines = wrap(serif, quoted, courseSize, inner);
  }
  courseLines = courseLines.slice(0, 3);
  courseLines.forEach((line, index) => {
    centered(page, line, serif, courseSize, height - 352 - index * (courseSize + 4));
  });

  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(input.issuedAt);
  const left = 72;
  page.drawText(text('certificatePdfDate', lang, { date }), { x: left, y: 128, size: 12, font: sansBold, color: INK });
  page.drawText(text('certificatePdfVerify', lang), { x: left, y: 102, size: 10, font: sans, color: MUTED });
  const urlSize = fittingSize(sans, input.verifyUrl, 10, 6, width - left - 200);
  page.drawText(input.verifyUrl, { x: left, y: 87, size: urlSize, font: sans, color: ROSE });
  const urlWidth = sans.widthOfTextAtSize(input.verifyUrl, urlSize);
  page.drawText(text('certificatePdfCode', lang, { code: input.code }), {
    x: left,
    y: 68,
    size: 10,
    font: sansBold,
    color: INK,
  });
  addLink(pdf, page, input.verifyUrl, [left, 84, left + urlWidth, 98]);

  drawQr(page, input.verifyUrl, { x: width - 72 - 96, y: 56, size: 96 });
  addLink(pdf, page, input.verifyUrl, [width - 168, 56, width - 72, 152]);

  return pdf.save();
}

/** A clickable area that opens `url`. */
function addLink(pdf: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]) {
  const annotation = pdf.context.register(
    pdf.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  const existing = page.node.Annots();
  if (existing) existing.push(annotation);
  else page.node.set(PDFName.of('Annots'), pdf.context.obj([annotation]));
}

/** The URL as a QR code (error correction M), drawn as squares: no image, sharp at any zoom. */
function drawQr(page: PDFPage, url: string, box: { x: number; y: number; size: number }) {
  const qr = qrcode(0, 'M');
  qr.addData(url);
  qr.make();
  const count = qr.getModuleCount();
  const cell = box.size / count;
  // One rectangle per run of dark modules in a row (fewer seams and objects than one per module).
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col++;
      page.drawRectangle({
        x: box.x + start * cell,
        y: box.y + box.size - (row + 1) * cell,
        width: (col - start) * cell,
        height: cell + 0.3,
        color: INK,
      });
    }
  }
}
