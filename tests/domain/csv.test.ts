import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcessCellForExportParams, ProcessHeaderForExportParams } from 'ag-grid-community';
import { CSV_TYPE, csvCell, csvField, csvFile, type CsvValue } from '@/domain/csv';
import { SAFE_GRID_CSV } from '@/ui/grid-csv';
import { parseCsv } from '../support/csv';

/**
 * No CSV the console or its server writes holds a cell a spreadsheet would run (issue 27, OWASP
 * CSV injection): the rule (csvCell), the server's and the browser's fields (csvField, csvFile: the
 * audit export, the report mail, the reports the browser saves) and every grid's export
 * (SAFE_GRID_CSV, which AG Grid quotes itself). Every one in the console's one dialect (issue 40):
 * what a spreadsheet in a Spanish locale opens as columns.
 */

const HYPERLINK = '=HYPERLINK("http://x.invalid","clic")';
const FORMULAS = [HYPERLINK, '+1+1', '-1-1', '-2+3', '@SUM(A1:A9)', "-cmd|' /C calc'!A0", '\t=1+1', '\r=1+1', '=1', '+A1', '-', '+', '@', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20SUM(A1)'];
const NUMBERS: CsvValue[] = ['-12.50', '-12,50', '-1.234,50', '+5355512345', '+34', '-0.5', '-,5'];
/** Numbers as an es-ES spreadsheet reads them: a decimal comma, no thousands point (an id stays the id). */
const WRITTEN: [number, string][] = [[-12.5, '-12,5'], [0, '0'], [1234, '1234'], [19968, '19968'], [1234567.25, '1234567,25'], [-0.5, '-0,5']];
const TEXTS = ['Nueva', 'María José', 'a=b', 'x+1', 'correo@cliente.example', '12:30', "l'apostrophe", ''];

/** A spreadsheet would run it: a trigger first and not a plain number (the test's own reading of OWASP, not the code's). */
const runnable = (cell: string) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^[+-]?[\d.,]+$/.test(cell);

describe('csvCell, the one rule', () => {
  it.each(FORMULAS)('a formula-looking cell gets a leading apostrophe, its text otherwise kept: %j', (value) => {
    expect(runnable(value)).toBe(true);
    expect(csvCell(value)).toBe(`'${value}`);
    expect(runnable(csvCell(value))).toBe(false);
  });

  it.each(NUMBERS)('a text that is only a signed number stays as it is: %j', (value) => {
    expect(csvCell(value)).toBe(value);
  });

  it.each(WRITTEN)('a number is written with a decimal comma and no thousands point, never guarded: %j', (value, text) => {
    expect(csvCell(value)).toBe(text);
  });

  it.each(TEXTS)('ordinary text is kept as it is: %j', (value) => {
    expect(csvCell(value)).toBe(value);
  });

  it('nothing is an empty cell; booleans are their text', () => {
    expect([csvCell(null), csvCell(undefined), csvCell(true)]).toEqual(['', '', 'true']);
  });
});

describe('csvField and csvFile (the server\'s CSV, the audit export, the report mail, the reports the browser saves)', () => {
  it('neutralises, then quotes a field holding the separator, a quote or a line break', () => {
    expect(csvField(HYPERLINK)).toBe(`"'=HYPERLINK(""http://x.invalid"",""clic"")"`);
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('línea\nsiguiente')).toBe('"línea\nsiguiente"');
    expect(csvField('a "b"')).toBe('"a ""b"""');
    // A comma is no separator: a decimal comma or a text with commas is written as it is.
    expect(csvField('-12,50')).toBe('-12,50');
    expect(csvField('Pérez, Ana')).toBe('Pérez, Ana');
    expect(csvField(-12.5)).toBe('-12,5');
  });

  it('a file: the UTF-8 BOM first, fields separated by ";", records by CRLF, every cell through the rule', () => {
    const file = csvFile([['Nombre', 'Apellidos', 'Saldo'], [HYPERLINK, '+1+1', -1234.5], ['@x', null, '-3'], ['Ana; María', 'dice "hola"\nadiós', 7]]);
    expect(file).toBe(
      `\uFEFFNombre;Apellidos;Saldo\r\n"'=HYPERLINK(""http://x.invalid"",""clic"")";'+1+1;-1234,5\r\n'@x;;-3\r\n"Ana; María";"dice ""hola""\nadiós";7`,
    );
    // The tests' reading of the dialect (tests/support/csv.ts) gives the cells back, guarded.
    expect(parseCsv(file)).toEqual([
      ['Nombre', 'Apellidos', 'Saldo'],
      [`'${HYPERLINK}`, "'+1+1", '-1234,5'],
      ["'@x", '', '-3'],
      ['Ana; María', 'dice "hola"\nadiós', '7'],
    ]);
    expect(CSV_TYPE).toBe('text/csv;charset=utf-8');
  });

  it('the tests\' reading refuses a file in another dialect', () => {
    expect(() => parseCsv('a;b\r\nc;d')).toThrow(/BOM/);
    expect(() => parseCsv('\uFEFFa;b\nc;d')).toThrow(/CRLF/);
  });
});

describe('every grid\'s CSV export', () => {
  /** AG Grid's params for a cell, its column formatting as `format` says (the identity when it has no formatter). */
  const cell = (value: unknown, format: (v: unknown) => unknown = (v) => v) => ({ value, formatValue: format }) as unknown as ProcessCellForExportParams;
  /** AG Grid's params for a header: the column's definition and the name the grid would make of its field. */
  const header = (headerName: string | undefined, displayName = 'Of The Field') =>
    ({ column: { getColDef: () => ({ headerName }), getDisplayName: () => displayName } }) as unknown as ProcessHeaderForExportParams;

  it('exports each cell as the grid shows it (its formatter applied) through the same rule', () => {
    const process = SAFE_GRID_CSV.processCellCallback;
    expect(process(cell(HYPERLINK))).toBe(`'${HYPERLINK}`);
    expect(process(cell('+1+1'))).toBe("'+1+1");
    expect(process(cell(-12.5))).toBe('-12,5');
    expect(process(cell('+5355512345'))).toBe('+5355512345');
    expect(process(cell(null))).toBe('');
    expect(process(cell(undefined))).toBe('');
    // The countries' prefix column shows "+53" for 53: a number, kept; a formatter showing a formula is neutralised.
    expect(process(cell(53, (v) => `+${String(v)}`))).toBe('+53');
    expect(process(cell('x', () => '=1+1'))).toBe("'=1+1");
    for (const value of [...FORMULAS, ...NUMBERS, ...TEXTS]) expect(process(cell(value))).toBe(csvCell(value));
  });

  it('separates the fields as the console\'s dialect does (AG Grid quotes them, writes CRLF and the BOM itself)', () => {
    expect(SAFE_GRID_CSV.columnSeparator).toBe(';');
  });

  it('exports each header through the same rule', () => {
    const process = SAFE_GRID_CSV.processHeaderCallback;
    expect(process(header('Nombre'))).toBe('Nombre');
    expect(process(header('=1+1'))).toBe("'=1+1");
    // The row toggle's header is empty, as the grid shows it; a column with no headerName is named by the grid.
    expect(process(header(''))).toBe('');
    expect(process(header(undefined, 'Value'))).toBe('Value');
    expect(process(header(undefined, '@Value'))).toBe("'@Value");
  });

  it('no grid exports by itself: only DataGrid calls AG Grid\'s CSV export, always with SAFE_GRID_CSV', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const sources = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
    const exporters = [...sources('src'), ...sources('server')].filter((file) => /\b(exportDataAsCsv|getDataAsCsv)\b/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(exporters).toEqual([path.join('src', 'ui', 'data-grid.tsx')]);
    const calls = readFileSync(path.join(root, exporters[0]!), 'utf8').match(/\b(exportDataAsCsv|getDataAsCsv)\(\{[^}]*/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toContain('...SAFE_GRID_CSV');
  });
});
