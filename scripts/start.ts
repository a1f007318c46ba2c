/**
 * `npm start`: builds the console when the build is missing or older than its sources, then
 * starts the reference server (which migrates, seeds on first start and serves the console).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'dist', 'index.html');

function newest(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
const stale = !fs.existsSync(index) || Math.max(...sources.map(newest)) > fs.statSync(index).mtimeMs;
if (stale) {
  console.log('Compilando la consola…');
  // A production build whatever NODE_ENV says (run from a test, NODE_ENV=test made React's
  // development build: twice the bytes and slower).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root, logLevel: 'warn', mode: 'production' });
  process.env.NODE_ENV = previous;
}
const { start } = await import('../server/main');
await start();
