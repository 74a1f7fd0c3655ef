import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { computeSecurityHeaders } from './security-headers.ts';

/** Where the console is served: `/admin` and everything under `/admin/`. */
export const CONSOLE_PATH = '/admin';

/**
 * The console's policy: its own scripts and styles only (antd's CSS-in-JS needs inline styles, never
 * inline scripts), calls to this origin only, no frames, no plugins, no `<base>`, forms only here.
 */
const CONSOLE_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // The console is never embedded nor opened by another site.
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'no-referrer' },
};

/** The file a response was made from, without the `.br`/`.gz` of a precompressed copy. */
function sourcePath(path: string): string {
  return path.replace(/\.(br|gz)$/, '');
}

/**
 * Serves the built operator console (apps/admin/dist) at `/admin` from the API's own origin (its
 * session cookie is same-origin). As the member app: the smallest precompressed copy the browser
 * accepts, hashed assets cached for a year, the page never without revalidation. Pages carry the
 * console's own strict policy; `/admin` and `/admin/` both answer the page (hash routes).
 */
export async function serveOperatorConsole(app: FastifyInstance, adminDistDir: string): Promise<void> {
  if (!existsSync(adminDistDir)) {
    app.log.warn({ dir: adminDistDir }, 'operator console not built: run `npm run build` to serve it at /admin');
    return;
  }
  const pageHeaders = computeSecurityHeaders(CONSOLE_HELMET_OPTIONS);
  // Its own scope: the hooks and `sendFile` below stay with the console's routes.
  await app.register(async (scope) => {
    scope.addHook('onRequest', (request, reply, done) => {
      // The root's hook has set the member app's headers already; pages get the console's instead.
      if (!request.url.startsWith(`${CONSOLE_PATH}/assets/`)) reply.headers(pageHeaders);
      done();
    });
    await scope.register(fastifyStatic, {
      root: adminDistDir,
      prefix: `${CONSOLE_PATH}/`,
      wildcard: false,
      preCompressed: true,
      // `send` would otherwise overwrite the cache-control set below with `public, max-age=0`.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html must always be fresh to pick up new builds.
        const isPage = sourcePath(path).endsWith('.html');
        res.setHeader('cache-control', isPage ? 'no-cache' : 'public, max-age=31536000, immutable');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Without the slash too: an address typed by hand, or an enrolment link that lost it.
    scope.get(CONSOLE_PATH, { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  });
}
