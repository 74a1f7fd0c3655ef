import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PAGE = '<!doctype html><html><head><title>KPC</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};`;
const SCRIPT_PATH = '/assets/index-AbC123xy.js';
const ICON_PATH = '/favicon.svg';

/** A member app build as apps/web's Vite config writes it: every text file with a .br and a .gz copy. */
async function writeBuild(dir: string) {
  await mkdir(join(dir, 'assets'));
  for (const [path, text] of [
    ['/index.html', PAGE],
    [SCRIPT_PATH, SCRIPT],
  ] as const) {
    await writeFile(join(dir, path), text);
    await writeFile(join(dir, `${path}.br`), brotliCompressSync(text));
    await writeFile(join(dir, `${path}.gz`), gzipSync(text));
  }
  // Too small to be worth compressing: the build writes no copies.
  await writeFile(join(dir, ICON_PATH), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'kpc-web-dist-'));
  await writeBuild(distDir);
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('the member app, served precompressed', () => {
  it('sends the brotli copy when the browser accepts brotli', async () => {
    const response = await get(SCRIPT_PATH, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when the browser accepts gzip only', async () => {
    const response = await get(SCRIPT_PATH, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'deflate'])('sends the file as is for Accept-Encoding %s', async (accept) => {
    const response = await get(SCRIPT_PATH, accept);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as is, even to a browser that accepts brotli', async () => {
    const response = await get(ICON_PATH, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('sends hashed assets with nosniff and same-origin only, not the page policy', async () => {
    const response = await get(SCRIPT_PATH, 'br');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('caches hashed assets for a year as immutable', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const response = await get(SCRIPT_PATH, accept);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves a new build written while the server runs, and still the previous build’s assets (issue 24)', async () => {
    // apps/web's build leaves the previous build's hashed files in place (apps/web/build/keep-previous-build.ts):
    // a member's open app keeps finding its pages, and a new visitor gets the new build, without a restart.
    const next = { path: '/assets/pledge-page-NeW456zz.js', text: 'export const page = "new build";' };
    await writeFile(join(distDir, next.path), next.text);
    const nextPage = PAGE.replace('KPC', 'KPC new build');
    await writeFile(join(distDir, 'index.html'), nextPage);
    await writeFile(join(distDir, 'index.html.br'), brotliCompressSync(nextPage));
    await writeFile(join(distDir, 'index.html.gz'), gzipSync(nextPage));
    try {
      const fresh = await get(next.path);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.body).toBe(next.text);
      expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const previous = await get(SCRIPT_PATH, 'br');
      expect(previous.statusCode).toBe(200);
      expect(brotliDecompressSync(previous.rawPayload).toString()).toBe(SCRIPT);
      expect(brotliDecompressSync((await get('/', 'br')).rawPayload).toString()).toBe(nextPage);
    } finally {
      await rm(join(distDir, next.path));
      await writeFile(join(distDir, 'index.html'), PAGE);
      await writeFile(join(distDir, 'index.html.br'), brotliCompressSync(PAGE));
      await writeFile(join(distDir, 'index.html.gz'), gzipSync(PAGE));
    }
  });

  it('answers a hashed asset that no build has with 404, not the page', async () => {
    const response = await get('/assets/pledge-page-GoNe0000.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it.each(['/', '/index.html'])(
    'serves %s compressed, never cached without revalidation, under the CSP',
    async (url) => {
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await get(url, accept);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const brotli = await get(url, 'br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(PAGE);
    },
  );
});
