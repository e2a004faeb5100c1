/**
 * Spreadsheet files the admin downloads (orders, consents) that Excel opens correctly as they are:
 * UTF-8 with a BOM (otherwise Excel reads Cyrillic as ANSI), `;` between cells (what Excel expects
 * in ru/es locales), CRLF line ends, RFC 4180 quoting. Cells that a spreadsheet would run as a
 * formula (starting with = + - @, tab or CR) get a leading apostrophe, so a customer's name (or a
 * browser's user agent) cannot become a formula on the owner's machine.
 */
export const CSV_BOM = '\uFEFF';
const DELIMITER = ';';

/** One cell, neutralised against formulas and quoted when it holds a delimiter, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: (string | number | null | undefined)[][]): string {
  const lines = rows.map((row) => row.map(csvCell).join(DELIMITER));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
