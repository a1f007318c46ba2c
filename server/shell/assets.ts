import fs from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { notFound } from '../http';

/** Hashed assets: a new build has new names, so a browser keeps what it has for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else the console serves (index.html above all): asked again on every visit, a 304 when unchanged. */
export const REVALIDATE = 'no-cache';

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

const typeOf = (file: string) => TYPES[path.extname(file)] ?? 'application/octet-stream';

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
    const type = typeOf(file);
    c.header('Cache-Control', IMMUTABLE);
    c.header('Content-Type', type);
    c.header('Vary', 'Accept-Encoding');
    return bodyOf(c, file);
  };
}

/** A built file as the browser accepts it: the brotli or gzip copy the build made, else the file itself. */
function bodyOf(c: Context, file: string): Response {
  for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
    const copy = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (fs.existsSync(copy)) {
      c.header('Content-Encoding', encoding);
      return c.body(fs.readFileSync(copy));
    }
  }
  return c.body(fs.readFileSync(file));
}

/** A validator that changes with the file: its size and modification time. */
const etagOf = (stat: fs.Stats) => `W/"${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}"`;

/** Whether an If-None-Match header names this validator (a list, or `*`). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/**
 * The console's page (index.html), for `/` and every path the router owns: `Cache-Control:
 * no-cache` so a new build is seen at once, with an ETag so a second visit gets a 304 and no body;
 * the brotli or gzip copy the build made when the browser accepts one. Null when the console is
 * not built.
 */
export function serveIndex(staticDir: string) {
  const file = path.join(path.resolve(staticDir), 'index.html');
  return (c: Context): Response | null => {
    if (!fs.existsSync(file)) return null;
    const etag = etagOf(fs.statSync(file));
    c.header('Cache-Control', REVALIDATE);
    c.header('ETag', etag);
    c.header('Vary', 'Accept-Encoding');
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    c.header('Content-Type', typeOf(file));
    return bodyOf(c, file);
  };
}

/**
 * The built console's other, unhashed files (an icon, a robots.txt): served as they are, never
 * cached without asking again (`no-cache`): their names do not change with their content. The page
 * itself (`/`, `/index.html`) is left to serveIndex, and the build's own records (`.vite/`: the
 * manifest, each chunk's modules) are not the console's to give away: the page answers there.
 */
export function serveUnhashed(staticDir: string): MiddlewareHandler {
  const files = serveStatic({ root: path.relative(process.cwd(), path.resolve(staticDir)) || '.', precompressed: true });
  return async (c, next) => {
    if (c.req.path === '/' || c.req.path === '/index.html' || /\/\./.test(c.req.path)) return next();
    const response = await files(c, next);
    if (response instanceof Response) response.headers.set('Cache-Control', REVALIDATE);
    return response;
  };
}
