import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { keepPreviousBuild } from './build/keep-previous-build.ts';

// The API server of apps/server listens on 8080 in development (SPEC §7: same-origin calls).
const apiServer = 'http://localhost:8080';
const proxy = Object.fromEntries(['/api', '/dev', '/docs', '/health'].map((path) => [path, apiServer]));

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * src/preload.ts as its own first script in index.html (see there why). Vite would merge a second
 * script tag into the entry, which runs only once the whole framework has arrived.
 */
function firstPageEarly(): Plugin {
  return {
    name: 'kpc:first-page-early',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { input: { index: fromHere('./index.html'), preload: fromHere('./src/preload.ts') } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const preload = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'preload',
        );
        if (preload?.type !== 'chunk') throw new Error('kpc:first-page-early: no preload chunk in the bundle');
        const tags: HtmlTagDescriptor[] = [
          ...preload.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head-prepend' as const,
          })),
          {
            tag: 'script',
            // `async`: runs the moment it arrives, not after the document and the scripts before it.
            attrs: { type: 'module', async: true, crossorigin: true, src: `./${preload.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
        return tags;
      },
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the hash router (SPEC §2) lets the build be served from any folder.
  base: './',
  plugins: [
    react(),
    firstPageEarly(),
    // Brotli and gzip copies beside every text asset, served by apps/server (`preCompressed`): no
    // compression work per request, and the best brotli level since it runs once per build.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    // A deploy keeps the previous build's assets for the apps still open on it (issue 24).
    keepPreviousBuild(),
  ],
  // `@/lib/...` is apps/web/src/lib/...: a file's imports read the same wherever the file lives.
  resolve: { alias: { '@': fromHere('./src') } },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs follows each chunk's static imports in it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs, in one file the HTML preloads, rather than a few small ones.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|zustand|use-sync-external-store|html-parse-stringify|void-elements)[\\/]/,
              priority: 2,
            },
            // Form validation: one file for the pages with forms, none for the others.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
