/**
 * The site's typefaces for the PDFs the server makes (the course certificate, the printable gift
 * certificate): static TTF instances of the web's variable fonts (fonts/, made once by
 * scripts/make-certificate-fonts.py, OFL licences beside them), because the PDF library embeds
 * TrueType outlines and cannot subset a WOFF2. Each PDF embeds the subset of the letters it uses,
 * Cyrillic and Spanish included.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** Beside this module in the source, beside the bundle in dist/ (scripts/build.mjs copies them). */
const FONT_DIR = new URL('./fonts/', import.meta.url);

const FONT_FILES = {
  /** Cormorant Garamond 600: headings, names, amounts. */
  serif: 'cormorant-garamond-semibold.ttf',
  /** Manrope 400: running text. */
  sans: 'manrope-regular.ttf',
  /** Manrope 600: dates and codes. */
  sansBold: 'manrope-semibold.ttf',
} as const;
export type PdfFontName = keyof typeof FONT_FILES;

let fontBytes: Promise<Record<PdfFontName, Uint8Array>> | null = null;

/** The fonts' bytes, read once per process; a failed read is retried on the next PDF. */
export function loadPdfFonts(): Promise<Record<PdfFontName, Uint8Array>> {
  fontBytes ??= Promise.all(
    (Object.keys(FONT_FILES) as PdfFontName[]).map(
      async (name) => [name, new Uint8Array(await readFile(new URL(FONT_FILES[name], FONT_DIR)))] as const,
    ),
  )
    .then((entries) => Object.fromEntries(entries) as Record<PdfFontName, Uint8Array>)
    .catch((error: unknown) => {
      fontBytes = null;
      throw error;
    });
  return fontBytes;
}

/**
 * OpenType features each face is set with. Cormorant Garamond draws old-style figures by default
 * ("3 000" reads like "з ooo" on a certificate): lining figures (`lnum`) give digits of capital
 * height. Manrope's figures are lining already.
 */
export const PDF_FONT_FEATURES: Record<PdfFontName, Record<string, boolean>> = {
  serif: { lnum: true },
  sans: {},
  sansBold: {},
};

/** The three faces embedded in `doc` (as subsets, with their features). */
export async function embedPdfFonts(doc: PDFDocument): Promise<Record<PdfFontName, PDFFont>> {
  doc.registerFontkit(fontkit);
  const bytes = await loadPdfFonts();
  const embed = (name: PdfFontName) => doc.embedFont(bytes[name], { subset: true, features: PDF_FONT_FEATURES[name] });
  const [serif, sans, sansBold] = await Promise.all([embed('serif'), embed('sans'), embed('sansBold')]);
  return { serif, sans, sansBold };
}
