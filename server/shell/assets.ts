import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { notFound } from '../http';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** The encodings a request accepts, best first among the ones built (br, then gzip); q=0 refuses one. */
export function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(wants);
}

/**
 * The built console's hashed assets (/assets/*): each sent as the brotli or gzip copy the build
 * made beside it (vite.config.ts, precompress) when the browser accepts one, with
 * `Vary: Accept-Encoding`, and cached for good (a new build has new names). A path outside the
 * assets folder, or a file that is not there, is a 404.
 */
export function serveAsset(staticDir: string) {
  const root = path.join(path.resolve(staticDir), 'assets');
  return async (c: Context) => {
    const relative = decodeURIComponent(c.req.path.replace(/^\/assets\//, ''));
    const file = path.resolve(root, relative);
    // An asset that is not there is a 404, never the console's page in its place.
    if (!file.startsWith(`${root}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) throw notFound();
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', type);
    c.header('Vary', 'Accept-Encoding');
    for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
      const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      if (fs.existsSync(copy)) {
        c.header('Content-Encoding', encoding);
        return c.body(fs.readFileSync(copy));
      }
    }
    return c.body(fs.readFileSync(file));
  };
}
