import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's lint rules that keep the design (issue 39): screens, features, routing and ui keep
 * no timers and no data in refs (a wait is a chart's `after` or an invoked actor), and each layer
 * imports only the layers below it (domain → api → machines → ui → routing → features → screens →
 * app). Linted through eslint.config.js itself, as if each snippet were a file in that folder.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
/** The rules under test (the others, the import circle's resolver above all, would only slow it down). */
const RULES = new Set(['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax', 'no-restricted-imports']);
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js'), ruleFilter: ({ ruleId }) => RULES.has(ruleId) });

/** The rules a snippet breaks, as a file at `file` (relative to the project). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('the lint rules that keep the layers and the charts', () => {
  it.each(['src/screens/order/probe.tsx', 'src/ui/probe.tsx', 'src/features/order/probe.tsx', 'src/routing/probe.tsx'])('%s keeps no timer, on any global', async (file) => {
    expect(await broken(file, 'export const later = () => setTimeout(() => undefined, 10);\n')).toContain('no-restricted-globals');
    expect(await broken(file, 'export const poll = () => window.setInterval(() => undefined, 10);\n')).toContain('no-restricted-properties');
    expect(await broken(file, 'export const frame = () => requestAnimationFrame(() => undefined);\n')).toContain('no-restricted-globals');
  });

  it('a ref holds a DOM node or the grid handle, never data', async () => {
    const file = 'src/screens/order/probe.tsx';
    const imports = "import { useRef } from 'react';\nimport type { AgGridReact } from 'ag-grid-react';\n";
    expect(await broken(file, `${imports}export function A() {\n  const n = useRef(0);\n  return n;\n}\n`)).toContain('no-restricted-syntax');
    expect(await broken(file, `${imports}export function B() {\n  const n = useRef<string | null>(null);\n  return n;\n}\n`)).toContain('no-restricted-syntax');
    expect(await broken(file, `${imports}export function C() {\n  const n = useRef<HTMLDivElement>(null);\n  return n;\n}\n`)).toEqual([]);
    expect(await broken(file, `${imports}export function D() {\n  const n = useRef<AgGridReact<unknown>>(null);\n  return n;\n}\n`)).toEqual([]);
  });

  it('the charts and the server keep their timers (the rule is the screens\')', async () => {
    expect(await broken('src/machines/ui/probe.ts', 'export const later = () => setTimeout(() => undefined, 10);\n')).toEqual([]);
  });

  it.each([
    ['src/ui/probe.ts', '@/features/order/risk-tab'],
    ['src/ui/probe.ts', '@/routing/route-frame'],
    ['src/ui/probe.ts', '@/screens/order/order-page'],
    ['src/routing/probe.ts', '@/features/order/risk-tab'],
    ['src/features/order/probe.ts', '@/screens/order/order-page'],
    ['src/features/order/probe.ts', '@/app/boot'],
    ['src/screens/order/probe.ts', '@/app/boot'],
    ['src/api/probe.ts', '@/machines/ui/search.machine'],
    ['src/machines/ui/probe.ts', '@/ui/button'],
    ['src/domain/probe.ts', '@/api/http'],
  ])('%s may not import %s (a higher layer)', async (file, from) => {
    expect(await broken(file, `export * from '${from}';\n`)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/screens/order/probe.ts', '@/features/order/risk-tab'],
    ['src/screens/order/probe.ts', '@/routing/route-frame'],
    ['src/features/order/probe.ts', '@/features/customer/customer-detail'],
    ['src/features/order/probe.ts', '@/ui/button'],
    ['src/routing/probe.ts', '@/ui/session'],
    ['src/ui/probe.ts', '@/machines/ui/search.machine'],
  ])('%s may import %s (a lower layer or its own)', async (file, from) => {
    expect(await broken(file, `export * from '${from}';\n`)).not.toContain('no-restricted-imports');
  });
});
