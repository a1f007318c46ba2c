import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/features.md is true row by row (issue 27): every row marked done names the tests that prove
 * it, and every test file, folder or source a row names exists. A row names a test as
 * `e2e shell.spec`, `server lists*.test` (a family split by what it tests), `machine lifecycles.test`, `components login-page.test`,
 * `session model test` or a path (`tests/server/throttle.test.ts`, `scripts/test-all.ts`).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const doc = fs.readFileSync(path.join(root, 'docs', 'features.md'), 'utf8');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });
}
const testFiles = filesUnder('tests');
const FOLDER: Record<string, string> = { e2e: 'e2e', server: 'server', machine: 'machines', domain: 'domain', api: 'api', app: 'app', components: 'components', bench: 'bench' };

/** The files a reference names (none when it names nothing that exists). */
function resolve(kind: string | undefined, name: string, ext: 'spec' | 'test'): string[] {
  const folders = ext === 'spec' ? ['e2e'] : kind ? [FOLDER[kind]!] : Object.values(FOLDER);
  const file = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[\\w.-]*')}\\.${ext}\\.tsx?$`);
  return testFiles.filter((f) => folders.some((folder) => f.startsWith(`tests/${folder}/`)) && file.test(path.basename(f)));
}

interface Row {
  feature: string;
  status: string;
  proofs: string;
}
const rows: Row[] = doc
  .split('\n')
  .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line) && !/^\|\s*feature\s*\|/.test(line))
  .map((line) => {
    const cells = line.slice(1, -1).split(' | ').map((c) => c.trim());
    return { feature: cells[0]!, status: cells[1] ?? '', proofs: cells.slice(1).join(' | ') };
  });

function references(row: Row) {
  const named: { text: string; files: string[] }[] = [];
  for (const m of row.proofs.matchAll(/(?:\b(e2e|server|machine|domain|api|app|components|bench)\s+)?\b([\w*-]+(?:\.[\w*-]+)*)\.(spec|test)\b(?!s)/g)) {
    if (m[2]!.includes('/')) continue;
    named.push({ text: m[0], files: resolve(m[1], m[2]!, m[3] as 'spec' | 'test') });
  }
  for (const m of row.proofs.matchAll(/\b((?:tests|server|scripts|bench|src)\/[\w./*-]+\.(?:tsx?|sh))\b/g)) {
    const [dir, file] = [path.dirname(m[1]!), path.basename(m[1]!)];
    const pattern = new RegExp(`^${file.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[\\w.-]*')}$`);
    const found = fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)).filter((f) => pattern.test(f)) : [];
    named.push({ text: m[1]!, files: found });
  }
  for (const m of row.proofs.matchAll(/\b([\w-]+) model test\b/g)) named.push({ text: m[0], files: testFiles.filter((f) => f.startsWith(`tests/machines/${m[1]}`)) });
  return named;
}

describe('docs/features.md, row by row', () => {
  it('has rows to check', () => {
    expect(rows.length).toBeGreaterThan(150);
  });

  it('every test, file or model test a row names exists', () => {
    const missing = rows.flatMap((row) => references(row).filter((r) => r.files.length === 0).map((r) => `${row.feature.slice(0, 60)}: ${r.text}`));
    expect(missing).toEqual([]);
  });

  it('every row marked done names at least one test that proves it, none only "domain tests" or "router"', () => {
    const unproven = rows.filter((row) => /^done\b/.test(row.status) && references(row).length === 0).map((row) => row.feature.slice(0, 80));
    expect(unproven).toEqual([]);
    const vague = rows.filter((row) => /\bdomain tests\b|\|\s*router\s*$/.test(row.proofs)).map((row) => row.feature.slice(0, 80));
    expect(vague).toEqual([]);
  });

  it('no feature is both missing and done: a row marked missing names nothing another row proves done', () => {
    const missing = rows.filter((row) => /^missing\b/.test(row.status)).map((row) => row.feature);
    expect(missing).toEqual([]);
  });
});
