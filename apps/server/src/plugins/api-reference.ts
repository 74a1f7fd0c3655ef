import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@kpc/shared';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI reference at `/docs`, generated from the routes' zod schemas: registered before the
 * routes, so it sees every one.
 */
export const apiReference = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KPC API',
        version: APP_VERSION,
        description:
          'Every call is `POST /api/<module>/<action>` with a JSON body and answers `{code, msg, data}`: `code` 200 is success; 401, 403 and 5000 mean the session is gone; other codes are business errors with `msg` localised by the `language` header (en_US, zh_CN, hi_IN, ja_JP, ko_KR, ru_RU, vi_VN). Logged-in calls send the `token` header.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
});
