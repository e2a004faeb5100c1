import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedPdfFonts, loadPdfFonts, PDF_FONT_FEATURES, type PdfFontName } from './fonts';

const NAMES: PdfFontName[] = ['serif', 'sans', 'sansBold'];

describe('the PDF faces', () => {
  it.each(NAMES)('%s draws lining figures: every digit reaches the height of a capital', async (name) => {
    const font = fontkit.create((await loadPdfFonts())[name]);
    const { glyphs } = font.layout('0123456789', PDF_FONT_FEATURES[name]);
    expect(glyphs).toHaveLength(10);
    for (const glyph of glyphs) {
      // Old-style 0, 1, 2 stop at the x-height (about two thirds of a capital).
      expect(glyph.bbox.maxY).toBeGreaterThan(font.capHeight * 0.9);
    }
  });

  it('the serif face alone would not (the check above can fail)', async () => {
    const font = fontkit.create((await loadPdfFonts()).serif);
    const zero = font.layout('0', {}).glyphs[0]!;
    expect(zero.bbox.maxY).toBeLessThan(font.capHeight * 0.9);
  });

  it('are embedded with those features', async () => {
    const doc = await PDFDocument.create();
    const fonts = await embedPdfFonts(doc);
    // The width of "3 000" as laid out with lining figures differs from the default old-style one.
    const bytes = await loadPdfFonts();
    const plain = await doc.embedFont(bytes.serif, { subset: true });
    expect(fonts.serif.widthOfTextAtSize('3 000', 60)).not.toBe(plain.widthOfTextAtSize('3 000', 60));
  });
});
