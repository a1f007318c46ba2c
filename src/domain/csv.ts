/**
 * The console's one CSV dialect (issue 40, docs/decisions.md): what a spreadsheet in a Spanish
 * locale (es-ES: LibreOffice, Excel) opens as columns without being asked. Fields separated by ';'
 * (the list separator of a locale whose decimal separator is ','), UTF-8 with a BOM (so accents
 * read as UTF-8), CRLF between records, a field quoted when it holds the separator, a quote or a
 * line break, quotes doubled (RFC 4180 otherwise). A number cell is written as the es-ES rule writes
 * a decimal (a decimal comma; no point between thousands, so an id stays the id the console shows).
 *
 * Every CSV the console and its server write (the grids' 'Exportar CSV', the reports the browser
 * saves, Supervisión's figures, the server's report mail and audit export) is made here: `csvFile`
 * for the whole file, or, for AG Grid (which quotes its fields, writes CRLF and the BOM itself),
 * `CSV_SEPARATOR` and `csvCell`. Each cell passes through `csvCell`: a cell a spreadsheet would run
 * as a formula gets a leading apostrophe (OWASP CSV injection). Nothing else writes a separator.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** Between the fields of a record: the list separator of an es-ES spreadsheet. */
export const CSV_SEPARATOR = ';';
/** Between records. */
export const CSV_LINE_BREAK = '\r\n';
/** First in the file: the UTF-8 byte order mark, which tells a spreadsheet the file is UTF-8. */
export const CSV_BOM = '\uFEFF';
/** The media type a CSV file is served and saved with. */
export const CSV_TYPE = 'text/csv;charset=utf-8';

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

/** A number as an es-ES spreadsheet reads one: a decimal comma, no thousands point (-1234.5 → "-1234,5"). */
const csvNumber = (value: number) => String(value).replace('.', ',');

/** The cell's text with nothing a spreadsheet would run: a formula-looking cell that is not a number gets a leading apostrophe. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? csvNumber(value) : String(value);
  return FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** A cell as one CSV field: neutralised (`csvCell`), then quoted when it holds the separator, a quote or a line break. */
export function csvField(value: CsvValue): string {
  const text = csvCell(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The records as the CSV's text: each cell a field (`csvField`), separated by `CSV_SEPARATOR`, records by CRLF. */
const toCsv = (rows: readonly (readonly CsvValue[])[]) => rows.map((row) => row.map(csvField).join(CSV_SEPARATOR)).join(CSV_LINE_BREAK);

/** The records as a whole CSV file: the BOM, then `toCsv`. What every CSV the console writes holds. */
export const csvFile = (rows: readonly (readonly CsvValue[])[]) => CSV_BOM + toCsv(rows);
