import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API server of apps/server listens on 8080 in development (same-origin calls, the session cookie).
const apiServer = 'http://localhost:8080';
const proxy = Object.fromEntries(['/api', '/dev', '/docs', '/health'].map((path) => [path, apiServer]));

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // apps/server serves the build at /admin (plugins/operator-console.ts); `/admin` without the slash
  // answers index.html too, so asset URLs are absolute rather than relative.
  base: '/admin/',
  plugins: [
    react(),
    // Brotli and gzip copies beside every text asset, served as they are by apps/server (`preCompressed`).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  // `@/lib/...` is apps/admin/src/lib/...
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
            // What every screen needs, cached across deployments that only change a screen.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|use-sync-external-store|html-parse-stringify|void-elements)[\\/]/,
              priority: 3,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            // No group for antd: one chunk of every component any screen uses would all load first
            // (335 kB). Split by screen, the first load carries what the layout uses (Step 9: <= 350 kB
            // in all, scripts/bundle-budget.mjs).
          ],
        },
      },
    },
  },
});
