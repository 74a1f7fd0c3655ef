import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The content security policy lets the member app load only itself. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Helmet's headers, computed once. The headers do not depend on the request (no CSP nonces), and
 * @fastify/helmet rebuilt them, parsing the policy, on every request: about a tenth of a cached read.
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // Helmet validates its options when built and calls back synchronously.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return headers;
}

/** Where the member app's and the console's builds put their hashed scripts, styles and images (Vite's `assets/`). */
const HASHED_ASSETS_PREFIXES = ['/assets/', '/admin/assets/'];

/**
 * Security headers on every answer (a route may still set its own, as /docs does for its CSP).
 * The member app's hashed files get only the two that matter for a script or a style: the page's
 * policy does not apply to them, and on HTTP/1.1 the full set is about 40 kB over login's files.
 */
export const securityHeaders = fp(async (app) => {
  const { 'strict-transport-security': hsts, ...headers } = computeSecurityHeaders();
  // HSTS only on an answer that went over TLS (directly, or from a proxy that says so in
  // X-Forwarded-Proto with TRUST_PROXY on): over plain HTTP it means nothing, and a development
  // server on http://localhost must not tell a browser to insist on https for it.
  const tlsHeaders = hsts === undefined ? headers : { ...headers, 'strict-transport-security': hsts };
  const assetHeaders = {
    'x-content-type-options': headers['x-content-type-options'] ?? 'nosniff',
    'cross-origin-resource-policy': headers['cross-origin-resource-policy'] ?? 'same-origin',
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (HASHED_ASSETS_PREFIXES.some((prefix) => request.url.startsWith(prefix))) reply.headers(assetHeaders);
    else reply.headers(request.protocol === 'https' ? tlsHeaders : headers);
    done();
  });
});
