/**
 * The console's build when it is missing or older than its sources (`npm start`,
 * `npm run start:cluster`): the server serves whatever dist/ holds.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

export async function buildConsoleIfStale(): Promise<void> {
  const index = path.join(root, 'dist', 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  const stale = !fs.existsSync(index) || Math.max(...sources.map(newest)) > fs.statSync(index).mtimeMs;
  if (!stale) return;
  console.log('Compilando la consola…');
  const { build } = await import('vite');
  // A production build whatever NODE_ENV says (run from a test, NODE_ENV=test made React's
  // development build: twice the bytes and slower).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root, logLevel: 'warn', mode: 'production' });
  if (previous === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previous;
}
