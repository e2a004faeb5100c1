/**
 * The text shown on each page of a PDF made with pdf-lib and embedded fonts, read back the way a
 * viewer's "copy text" does: the page's content streams are inflated, each `<hex> Tj` string is
 * mapped to characters through its font's ToUnicode map. Enough for the PDFs this app writes
 * (one text string per `Tj`, fonts set with `Tf`), not a general PDF text extractor.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib';

/** `<0001> <0041>` pairs of a ToUnicode CMap (pdf-lib writes bfchar entries). */
function parseCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const chars = (unicode ?? '').match(/.{4}/g) ?? [];
      map.set((code ?? '').toUpperCase(), String.fromCharCode(...chars.map((hex) => Number.parseInt(hex, 16))));
    }
  }
  return map;
}

const decode = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

/** Each page's text strings in drawing order. */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const toUnicode = font.lookup(PDFName.of('ToUnicode')) as PDFRawStream | undefined;
      if (toUnicode) maps.set(name.asString(), parseCMap(decode(toUnicode)));
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const strings: string[] = [];
    for (const stream of streams) {
      if (!stream) continue;
      const ops = decode(stream as PDFRawStream);
      let map = new Map<string, string>();
      for (const match of ops.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (match[1]) {
          map = maps.get(match[1]) ?? new Map();
          continue;
        }
        const hex = (match[2] ?? '').toUpperCase().match(/.{4}/g) ?? [];
        strings.push(hex.map((code) => map.get(code) ?? '\uFFFD').join(''));
      }
    }
    return strings;
  });
}
