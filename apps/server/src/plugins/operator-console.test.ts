import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PAGE = `<!doctype html><html><head><title>KPC Console</title><script type="module" src="/admin/assets/index-Xy12.js"></script></head><body><div id="root"></div>${' '.repeat(1100)}</body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};`;
const SCRIPT_PATH = '/assets/index-Xy12.js';
const MEMBER_PAGE = '<!doctype html><title>KPC</title>';

/** A console build as apps/admin's Vite config writes it: every text file with a .br and a .gz copy. */
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
}

let t: TestApp;
let adminDir: string;
let webDir: string;
beforeAll(async () => {
  adminDir = await mkdtemp(join(tmpdir(), 'kpc-admin-dist-'));
  webDir = await mkdtemp(join(tmpdir(), 'kpc-web-dist-'));
  await writeBuild(adminDir);
  await writeFile(join(webDir, 'index.html'), MEMBER_PAGE);
  t = await createTestApp({ ADMIN_DIST_DIR: adminDir, WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  await rm(adminDir, { recursive: true, force: true });
  await rm(webDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('the operator console at /admin', () => {
  it.each(['/admin', '/admin/', '/admin/index.html'])(
    'answers %s with its page, fresh, under a strict policy',
    async (url) => {
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await get(url, accept);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('no-cache');
        const policy = String(response.headers['content-security-policy']);
        expect(policy).toContain("script-src 'self'");
        expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("connect-src 'self'");
        expect(policy).toContain("base-uri 'none'");
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
      expect(brotliDecompressSync((await get(url, 'br')).rawPayload).toString()).toBe(PAGE);
    },
  );

  it('sends hashed assets precompressed, cached for a year, with only the asset headers', async () => {
    const brotli = await get(`/admin${SCRIPT_PATH}`, 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotli.headers['content-security-policy']).toBeUndefined();

    const gzip = await get(`/admin${SCRIPT_PATH}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
  });

  it('leaves the member app where it is, under its own policy', async () => {
    const response = await get('/', undefined);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(MEMBER_PAGE);
    expect(String(response.headers['content-security-policy'])).not.toContain("base-uri 'none'");
    expect((await get('/admin/nothing.js')).statusCode).toBe(404);
  });
});
