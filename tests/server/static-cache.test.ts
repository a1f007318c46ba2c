import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';

/**
 * Issue 26: a second visit downloads nothing. Hashed assets are kept for a year without asking;
 * the page and the other unhashed files are asked again every time and answer 304 when unchanged.
 * The real server on a console built into a temporary folder (the layout `vite build` writes).
 */
const PAGE = '<!doctype html><title>Consola</title><script type="module" src="/assets/index-AbC123.js"></script><div id="root"></div>';
const ASSET = `export const texto = ${JSON.stringify('Consola '.repeat(500))};`;

let server: TestServer;
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-cache-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(PAGE));
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), ASSET);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  server = await createTestServer({ staticDir: dir });
});
afterAll(() => server.close());

const request = (url: string, headers: Record<string, string> = {}) => server.app.request(url, { headers });

describe('cache headers of the built console', () => {
  it('a hashed asset is public and immutable for a year', async () => {
    const response = await request('/assets/index-AbC123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(ASSET);
  });

  it.each(['/', '/index.html', '/admin/orders'])('the page at %s is no-cache, with a validator', async (url) => {
    const response = await request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(await response.text()).toBe(PAGE);
  });

  it('asked again with its validator, the page answers 304 without a body', async () => {
    const first = await request('/');
    const etag = first.headers.get('etag')!;
    const again = await request('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    // Another validator (an older build) gets the page.
    const stale = await request('/', { 'if-none-match': 'W/"otra-version"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(PAGE);
  });

  it('the page is sent as the brotli copy the build made when the browser accepts it', async () => {
    const response = await request('/', { 'accept-encoding': 'gzip, br' });
    expect([response.headers.get('content-encoding'), response.headers.get('vary')]).toEqual(['br', 'Accept-Encoding']);
    expect(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(PAGE);
  });

  it('another unhashed file is served no-cache', async () => {
    const response = await request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<svg');
  });

  it("the build's records (.vite/) are not served: the page answers there", async () => {
    const response = await request('/.vite/manifest.json');
    expect(await response.text()).toBe(PAGE);
  });
});
