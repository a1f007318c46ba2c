import { readFileSync } from 'node:fs';

/**
 * A CSV the console wrote, read as a spreadsheet in a Spanish locale reads it (issue 40,
 * docs/decisions.md): the UTF-8 BOM first, fields separated by ';', records by CRLF, a quoted
 * field's quotes doubled. The test's own reading of the dialect, not the code's constants: a file
 * in another dialect (no BOM, ',' between fields, LF between records) does not read.
 */
export function parseCsv(file: string): string[][] {
  if (!file.startsWith('\uFEFF')) throw new Error(`a CSV of the console starts with the UTF-8 BOM: ${JSON.stringify(file.slice(0, 40))}`);
  const text = file.slice(1);
  const records: string[][] = [[]];
  for (const [, field, end] of text.matchAll(/("(?:[^"]|"")*"|[^";\r\n]*)(;|\r\n|$)/g)) {
    records.at(-1)!.push(field!.startsWith('"') ? field!.slice(1, -1).replace(/""/g, '"') : field!);
    if (end === '\r\n') records.push([]);
    if (end === '') break;
  }
  if (/(^|[^\r])\n/.test(text.replace(/"(?:[^"]|"")*"/g, ''))) throw new Error('a CSV of the console separates records by CRLF only');
  return records;
}

/** A CSV the server answered, read as above: its text decoded keeping the BOM (`Response.text()` drops it). */
export async function parseCsvResponse(response: Response): Promise<string[][]> {
  return parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()));
}

/** A CSV the browser saved (a Playwright download), read as above. */
export async function parseCsvDownload(download: { path(): Promise<string | null> }): Promise<string[][]> {
  return parseCsv(readFileSync((await download.path())!, 'utf8'));
}
