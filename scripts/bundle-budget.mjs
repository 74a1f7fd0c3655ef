#!/usr/bin/env node
// The first-load budgets of the two apps (Step 9 §1), checked on their builds by `npm run test:e2e`
// right after `npm run build`. Lighthouse figures are kept in bench/web (too noisy for a bar on a
// shared machine); this check is deterministic: the gzip-compressed size (level 9, in kB of 1,024
// bytes) of every file the built index.html loads before the first paint — its scripts, the chunks
// they import statically (followed through Vite's manifest, dist/.vite/manifest.json) and the CSS
// of all of them. For the member app it also measures, page by page, what the first screen waits
// for besides: the page's own module with its static imports (preload.ts starts it at once) and
// the English messages.
//
//   node scripts/bundle-budget.mjs            checks every budget, exits 1 naming the one over
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The budgets, the one place they live (kB compressed, see above).
 * - `maxKb`: what index.html itself loads (Step 9 §1: the member app <= 170 kB, the console <= 350 kB).
 * - `pages` (member app): what each page's first paint waits for beyond that — the page's module
 *   (a manifest key: its source path in the app) and `alsoLoads` (the English messages). The goal is
 *   170 kB there too (bench/web measures it in Lighthouse); the pages are not there yet, so each has a
 *   ceiling at its size when the check came in (Step 9): a page can only shrink. Lower a ceiling when
 *   its page gets lighter (bench/web and docs/performance.md keep the Lighthouse figures). Raised once,
 *   by 0.5-2.5 kB, at Step 11: the member-security screens' English messages (every page loads all
 *   of en.json) and shared request code; splitting the messages by page would take it back.
 */
export const BUDGETS = [
  {
    name: 'member app (apps/web)',
    dist: 'apps/web/dist',
    maxKb: 170,
    alsoLoads: ['src/locales/en.json'],
    pages: {
      home: { module: 'src/features/home/pages/home-page.tsx', maxKb: 240 },
      login: { module: 'src/features/account/pages/login-page.tsx', maxKb: 299.5 },
      register: { module: 'src/features/account/pages/register-page.tsx', maxKb: 275 },
      assets: { module: 'src/features/assets/pages/asset-page.tsx', maxKb: 226 },
      plan: { module: 'src/features/plan/pages/plan-page.tsx', maxKb: 307.5 },
      'card tab': { module: 'src/features/card/pages/card-list-page.tsx', maxKb: 223.5 },
      'card apply': { module: 'src/features/card/pages/card-open-page.tsx', maxKb: 299.5 },
      team: { module: 'src/features/team/pages/team-page.tsx', maxKb: 228.5 },
    },
  },
  { name: 'operator console (apps/admin)', dist: 'apps/admin/dist', maxKb: 350, alsoLoads: [], pages: {} },
];

const KB = 1024;

/** The asset URLs index.html loads before the first paint: module scripts, module preloads, stylesheets. */
export function htmlAssetUrls(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
    if (tag.startsWith('<script')) {
      const src = attr('src');
      if (src) urls.push(src);
    } else if (['modulepreload', 'stylesheet'].includes(attr('rel') ?? '')) {
      const href = attr('href');
      if (href) urls.push(href);
    }
  }
  return urls;
}

/** `assets/x.js` for `./assets/x.js` or `/admin/assets/x.js` (the apps' two bases); null for other origins. */
export function distPathOf(url) {
  if (/^[a-z]+:/i.test(url) || url.startsWith('//')) return null;
  const path = posix.normalize(url.split(/[?#]/)[0]).replace(/^\/+/, '');
  const assets = path.indexOf('assets/');
  return assets >= 0 ? path.slice(assets) : path;
}

/**
 * Every file the given files and manifest keys load statically: each chunk's `imports` (not its
 * `dynamicImports`, which wait for a later screen) and the CSS of each, transitively.
 */
export function staticClosure(manifest, files, keys = []) {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const result = new Set(files);
  const pending = [...keys, ...files.map((file) => keyOfFile.get(file)).filter((key) => key !== undefined)];
  const seen = new Set();
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    result.add(chunk.file);
    for (const css of chunk.css ?? []) result.add(css);
    pending.push(...(chunk.imports ?? []));
  }
  return [...result].sort();
}

/** Each file's raw and gzip-compressed size (level 9, deterministic), biggest compressed first, and the sum. */
export function sizesOf(distDir, files) {
  const sizes = files.map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  sizes.sort((a, b) => b.gzipBytes - a.gzipBytes || a.file.localeCompare(b.file));
  return { files: sizes, gzipBytes: sizes.reduce((sum, size) => sum + size.gzipBytes, 0) };
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/**
 * Measures one budget on its build: the first load of index.html, and of each listed page. Answers
 * one line per measurement and the failures (naming the budget and the biggest files).
 */
export function checkBudget(budget, root = ROOT) {
  const distDir = join(root, budget.dist);
  const htmlPath = join(distDir, 'index.html');
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(htmlPath))
    return { lines: [], failures: [`${budget.name}: no ${budget.dist}/index.html (build first)`] };
  if (!existsSync(manifestPath)) {
    return { lines: [], failures: [`${budget.name}: no ${budget.dist}/.vite/manifest.json (build.manifest is off)`] };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const htmlFiles = htmlAssetUrls(readFileSync(htmlPath, 'utf8'))
    .map(distPathOf)
    .filter((file) => file !== null && existsSync(join(distDir, file)));
  const measurements = [['index.html', staticClosure(manifest, htmlFiles), budget.maxKb]];
  for (const [page, { module, maxKb }] of Object.entries(budget.pages)) {
    measurements.push([page, staticClosure(manifest, htmlFiles, [...budget.alsoLoads, module]), maxKb]);
  }
  const lines = [];
  const failures = [];
  for (const [what, files, maxKb] of measurements) {
    const measured = sizesOf(distDir, files);
    const over = measured.gzipBytes > maxKb * KB;
    lines.push(
      `${budget.name}, ${what}: ${kb(measured.gzipBytes)} in ${files.length} files (budget ${maxKb} kB)${over ? ' OVER' : ''}`,
    );
    if (over) {
      const biggest = measured.files
        .slice(0, 5)
        .map((size) => `${size.file} ${kb(size.gzipBytes)}`)
        .join(', ');
      failures.push(
        `${budget.name}, ${what}: ${kb(measured.gzipBytes)} compressed before the first paint, over its budget of ${maxKb} kB (scripts/bundle-budget.mjs). Biggest: ${biggest}`,
      );
    }
  }
  return { lines, failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failures = [];
  for (const budget of BUDGETS) {
    const result = checkBudget(budget);
    for (const line of result.lines) console.log(line);
    failures.push(...result.failures);
  }
  for (const failure of failures) console.error(failure);
  process.exitCode = failures.length > 0 ? 1 : 0;
}
