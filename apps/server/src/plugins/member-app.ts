import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built member app (apps/web/dist) from the API's own origin (SPEC §7: same-origin calls). */
export async function serveMemberApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  if (!existsSync(webDistDir)) {
    app.log.warn({ dir: webDistDir }, 'member app not built: run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    setHeaders: (res, path) => {
      // Hashed assets never change; index.html must always be fresh to pick up new builds.
      res.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
}
