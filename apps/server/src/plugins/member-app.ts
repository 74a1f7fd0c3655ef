import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The file a response was made from, without the `.br`/`.gz` of a precompressed copy. */
function sourcePath(path: string): string {
  return path.replace(/\.(br|gz)$/, '');
}

/**
 * Serves the built member app (apps/web/dist) from the API's own origin (SPEC §7: same-origin calls).
 * The build writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts); the
 * smallest one the browser accepts is sent as is, with no compression work per request.
 * Files are looked up when asked for, not listed at start: a build made while the server runs is
 * served at once, and the previous build's hashed assets, which the build leaves in place
 * (apps/web/build/keep-previous-build.ts), stay served to the apps still open on it (issue 24).
 */
export async function serveMemberApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  if (!existsSync(webDistDir)) {
    app.log.warn({ dir: webDistDir }, 'member app not built: run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: true,
    preCompressed: true,
    // `send` would otherwise overwrite the cache-control set below with `public, max-age=0`.
    cacheControl: false,
    setHeaders: (res, path) => {
      // Hashed assets never change; index.html must always be fresh to pick up new builds.
      const isPage = sourcePath(path).endsWith('.html');
      res.setHeader('cache-control', isPage ? 'no-cache' : 'public, max-age=31536000, immutable');
      // The answer depends on Accept-Encoding: caches must keep one copy per encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
