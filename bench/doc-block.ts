import fs from 'node:fs';
import path from 'node:path';

/** Replaces the block between `<!-- name:begin -->` and `<!-- name:end -->` (or appends it). */
export function writeBlock(name: string, command: string, table: string) {
  const doc = path.resolve('docs/performance.md');
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const text = fs.readFileSync(doc, 'utf8');
  const block = `${begin}\nMeasured ${new Date().toISOString().slice(0, 10)} by \`${command}\`.\n\n${table}\n${end}`;
  fs.writeFileSync(doc, text.includes(begin) ? text.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), block) : `${text}\n${block}\n`);
}
