/**
 * CSV as spreadsheet programs read it (RFC 4180): comma-separated, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled, CRLF between records.
 *
 * Every CSV the console and its server write (the grids' 'Exportar CSV', the reports the browser
 * saves, the server's report mail and audit export) passes each cell through `csvCell`: a cell a
 * spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV injection). Quoting is
 * separate (`csvField`), because AG Grid quotes its fields itself.
 */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * What a spreadsheet may take for a formula: = + - @ (and their full-width forms, which some
 * spreadsheets read as the ASCII ones), a tab or a carriage return first.
 */
const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * A number (-12.50, -12,50, -1.234,50, +5355512345): a sign, then only digits and separators. A
 * spreadsheet reads it as that number; it names nothing and calls nothing, so it stays a number.
 */
const NUMBER = /^[+-]?[.,]?\d[\d.,]*$/;

/** The cell's text with nothing a spreadsheet would run: a formula-looking cell that is not a number gets a leading apostrophe. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** A cell as one CSV field: neutralised (`csvCell`), then quoted when it holds a comma, a quote or a line break. */
export function csvField(value: CsvValue): string {
  const text = csvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: readonly (readonly CsvValue[])[]) => rows.map((row) => row.map(csvField).join(',')).join('\r\n');
