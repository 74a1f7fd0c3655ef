import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBudget, distPathOf, htmlAssetUrls, sizesOf, staticClosure } from './bundle-budget.mjs';

// A tiny build: index.html loads entry.js (which imports shared.js statically and lazy.js on
// demand) and its CSS; page.js is a page with a static import of its own.
const root = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
const dist = join(root, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
mkdirSync(join(dist, '.vite'));
const files = {
  'assets/entry.js': 'console.log("entry");'.repeat(20),
  'assets/shared.js': 'export const shared = 1;',
  'assets/lazy.js': 'x'.repeat(5000),
  'assets/page.js': 'export const page = 2;',
  'assets/page-only.js': 'export const pageOnly = 3;',
  'assets/entry.css': 'body{color:red}',
};
for (const [file, content] of Object.entries(files)) writeFileSync(join(dist, file), content);
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head>
  <script type="module" crossorigin src="./assets/entry.js"></script>
  <link rel="modulepreload" crossorigin href="./assets/shared.js">
  <link rel="icon" href="./favicon.svg">
  <link rel="stylesheet" crossorigin href="./assets/entry.css">
  </head><body><div id="root"></div></body></html>`,
);
const manifest = {
  'index.html': {
    file: 'assets/entry.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/lazy.ts', 'src/page.tsx'],
    css: ['assets/entry.css'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/lazy.ts': { file: 'assets/lazy.js', isDynamicEntry: true },
  'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_page-only.js', '_shared.js'] },
  '_page-only.js': { file: 'assets/page-only.js' },
};
writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));

const gzipped = (file) => gzipSync(files[file], { level: 9 }).length;

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('bundle budget', () => {
  it('reads the scripts, module preloads and stylesheets of index.html, not its icon', () => {
    expect(
      htmlAssetUrls(`<link rel="icon" href="./favicon.svg"><script type="module" src="/admin/assets/a.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/b.js"><link rel="stylesheet" href="./assets/c.css">`),
    ).toEqual(['/admin/assets/a.js', './assets/b.js', './assets/c.css']);
    expect(distPathOf('/admin/assets/a.js')).toBe('assets/a.js');
    expect(distPathOf('./assets/b.js?v=1')).toBe('assets/b.js');
    expect(distPathOf('https://cdn.example/x.js')).toBeNull();
  });

  it('follows static imports and their CSS, never a dynamic import', () => {
    expect(staticClosure(manifest, ['assets/entry.js'])).toEqual([
      'assets/entry.css',
      'assets/entry.js',
      'assets/shared.js',
    ]);
    expect(staticClosure(manifest, ['assets/entry.js'], ['src/page.tsx'])).toEqual([
      'assets/entry.css',
      'assets/entry.js',
      'assets/page-only.js',
      'assets/page.js',
      'assets/shared.js',
    ]);
    expect(() => staticClosure(manifest, [], ['src/gone.tsx'])).toThrow('src/gone.tsx');
  });

  it('sums the compressed size of each file once, biggest first', () => {
    const measured = sizesOf(dist, ['assets/shared.js', 'assets/entry.js']);
    expect(measured.gzipBytes).toBe(gzipped('assets/entry.js') + gzipped('assets/shared.js'));
    expect(measured.files.map((size) => size.file)).toEqual(['assets/entry.js', 'assets/shared.js']);
  });

  it('passes under the budget and fails over it, naming the budget, the page and the biggest file', () => {
    const firstLoad = gzipped('assets/entry.js') + gzipped('assets/shared.js') + gzipped('assets/entry.css');
    const withPage = firstLoad + gzipped('assets/page.js') + gzipped('assets/page-only.js');
    const budget = (maxKb, pageMaxKb) => ({
      name: 'fixture',
      dist: 'dist',
      maxKb,
      alsoLoads: [],
      pages: { page: { module: 'src/page.tsx', maxKb: pageMaxKb } },
    });

    const fits = checkBudget(budget(firstLoad / 1024, withPage / 1024), root);
    expect(fits.failures).toEqual([]);
    expect(fits.lines).toHaveLength(2);
    const pageOver = checkBudget(budget(firstLoad / 1024, (withPage - 1) / 1024), root);
    expect(pageOver.failures).toHaveLength(1);
    expect(pageOver.failures[0]).toMatch(/^fixture, page: .* over its budget .* Biggest: assets\/entry\.js/);
    const firstLoadOver = checkBudget(budget((firstLoad - 1) / 1024, withPage / 1024), root);
    expect(firstLoadOver.failures).toHaveLength(1);
    expect(firstLoadOver.failures[0]).toMatch(/^fixture, index\.html: /);
  });

  it('fails without a build or without its manifest', () => {
    const budget = { name: 'fixture', dist: 'nowhere', maxKb: 1, alsoLoads: [], pages: {} };
    expect(checkBudget(budget, root).failures[0]).toMatch(/no nowhere\/index\.html/);
  });
});
