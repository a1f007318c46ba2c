import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http';
import { changedMeanwhile, malformed, notFound, refusedByChart, taken } from '../../server/refusals';
import { accountNotFound } from '../../server/customer/account-data';
import { referenceNotFound } from '../../server/extras/extras';

/**
 * Issue 38: a rule is a guard of its chart, never a handler's own `throw`. A domain's handlers,
 * stores and routes may refuse a request only for its shape (400), a missing entity (404), a
 * concurrent change (409) or write-time uniqueness (409) — and a chart asked outside the mover
 * (the claim gate) may refuse with its own reason. Each kind has its constructor
 * (server/refusals.ts); this test reads every `throw` under the domains' folders and fails on any
 * other: a new rule cannot land in a handler again. Besides: a rethrow, and `new Error` for an
 * invariant the charts already keep (a 500 if it ever fires, not a refusal).
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const DOMAINS = ['customer', 'order', 'items', 'call', 'charge-order', 'queue', 'settings', 'activity', 'supervision', 'extras', 'shell', 'audit'];

/** The constructor of each allowed refusal, and the status it must answer. */
const KINDS: Record<string, { status: number; make: (text: string) => ApiError }> = {
  malformed: { status: 400, make: malformed },
  notFound: { status: 404, make: notFound },
  accountNotFound: { status: 404, make: () => accountNotFound(1) },
  referenceNotFound: { status: 404, make: () => referenceNotFound('X', 1) },
  changedMeanwhile: { status: 409, make: changedMeanwhile },
  taken: { status: 409, make: taken },
  refusedByChart: { status: 409, make: refusedByChart },
};

function filesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface Site {
  where: string;
  /** The constructor called (`malformed`), `new X` for a construction, `rethrow` for a caught error thrown again. */
  kind: string;
  text: string;
}

function throwSites(file: string): Site[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const sites: Site[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isThrowStatement(node)) {
      const e = node.expression;
      const where = `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const text = node.getText().replace(/\s+/g, ' ').slice(0, 160);
      if (ts.isCallExpression(e)) sites.push({ where, kind: e.expression.getText(), text });
      else if (ts.isNewExpression(e)) sites.push({ where, kind: `new ${e.expression.getText()}`, text });
      else if (ts.isIdentifier(e)) sites.push({ where, kind: 'rethrow', text });
      else sites.push({ where, kind: 'other', text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

const sites = DOMAINS.flatMap((d) => filesOf(path.join(root, 'server', d))).flatMap(throwSites);

describe('a handler refuses only the four things a chart cannot know', () => {
  it('finds the throw sites to classify', () => {
    expect(sites.length).toBeGreaterThan(50);
  });

  it('every throw under server/<domain>/ is a shape, a missing entity, a concurrent change, a uniqueness or a chart’s refusal', () => {
    const allowed = new Set([...Object.keys(KINDS), 'rethrow', 'new Error']);
    const rules = sites.filter((s) => !allowed.has(s.kind)).map((s) => `${s.where} ${s.text}`);
    expect(rules).toEqual([]);
  });

  it('each kind answers its code', () => {
    for (const [name, kind] of Object.entries(KINDS)) {
      const error = kind.make('x');
      expect(error, name).toBeInstanceOf(ApiError);
      expect(error.status, name).toBe(kind.status);
    }
  });

  it('a test of this test: a handler’s own rule is caught', () => {
    fs.mkdirSync(path.join(root, '.reports'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(root, '.reports', 'refusals-'));
    try {
      const file = path.join(dir, 'rule.ts');
      fs.writeFileSync(file, "const check = (v: number) => { if (v > 1) throw badRequest('Más de uno.'); if (!v) throw notFound('No.'); };\n");
      expect(throwSites(file).map((s) => s.kind)).toEqual(['badRequest', 'notFound']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
