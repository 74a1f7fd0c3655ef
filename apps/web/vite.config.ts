import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The API server of apps/server listens on 8080 in development (SPEC §7: same-origin calls).
const apiServer = 'http://localhost:8080';
const proxy = Object.fromEntries(['/api', '/dev', '/docs', '/health'].map((path) => [path, apiServer]));

export default defineConfig({
  // Relative asset URLs: the hash router (SPEC §2) lets the build be served from any folder.
  base: './',
  plugins: [react()],
  // `@/lib/...` is apps/web/src/lib/...: a file's imports read the same wherever the file lives.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist' },
});
