/**
 * CSV as spreadsheet programs read it (RFC 4180): comma-separated, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled, CRLF between records. A field that a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with an apostrophe (OWASP CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text) && !/^[+-]?\d+([.,]\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: readonly (readonly (string | number | boolean | null | undefined)[])[]) => rows.map((row) => row.map(csvField).join(',')).join('\r\n');
