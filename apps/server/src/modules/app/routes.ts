import { ZAppConfig, ZEmpty, ZEnvelope } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAppConfig, type ChainRuntime } from '../../chain/runtime.ts';
import { ok } from '../../plugins/wire.ts';

/** `/api/app/config`: the runtime configuration the member app reads at start-up (SPEC §3). */
export const appRoutes: FastifyPluginAsyncZod<{ chains: ChainRuntime; devClock: boolean }> = async (
  app,
  { chains, devClock },
) => {
  const appConfig = { ...toAppConfig(chains), devClock };
  app.post(
    '/api/app/config',
    {
      schema: {
        tags: ['app'],
        summary: 'Allowed chains and contract addresses for the member app',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZAppConfig) },
      },
    },
    async () => ok(appConfig),
  );
};
