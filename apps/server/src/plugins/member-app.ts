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
 */
export async function serveMemberApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  if (!existsSync(webDistDir)) {
    app.log.warn({ dir: webDistDir }, 'member app not built: run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
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
