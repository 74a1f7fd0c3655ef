import { ZEnvelope } from '@kpc/shared';
import {
  Permission,
  ZAirdropTermsState,
  ZAssetsTermsState,
  ZConfigSetResponse,
  ZExchangeTermsState,
  ZLevelTermsState,
  ZSetAirdropTermsRequest,
  ZSetExchangePairRequest,
  ZSetKpcPriceRequest,
  ZSetLevelTermsRequest,
  ZSetWithdrawalTermsRequest,
  ZWithdrawalTermsState,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../../plugins/operator.ts';
import { ok } from '../../plugins/wire.ts';
import { DEFAULT_AIRDROP_TERMS } from '../team/airdrop.ts';
import { DEFAULT_LEVEL_RULES } from '../team/levels.ts';
import { checkAirdropTerms, checkLevelTerms, checkWithdrawalTerms } from './terms-rules.ts';
import {
  airdropState,
  assetsState,
  exchangeState,
  levelsState,
  setExchangePair,
  setKpcPrice,
  setVersioned,
  withdrawalState,
  type TermsContext,
} from './terms-service.ts';

const ZNone = z.object({}).strict();

/**
 * `/api/operator/config/<domain>/get|set` for withdrawal, exchange, assets (the KPC price), levels
 * and airdrop (Step 8b §2). Reading needs config.manage; a money term (fees, rates, prices,
 * limits, airdrops) also config.money and a fresh second factor. Every set is one version.
 */
export const configTermsRoutes =
  (context: TermsContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const read = { operator: { permission: Permission.CONFIG_MANAGE } };
    const money = { operator: { permission: [Permission.CONFIG_MANAGE, Permission.CONFIG_MONEY], stepUp: true } };
    const manage = { operator: { permission: Permission.CONFIG_MANAGE, stepUp: true } };
    const getRoute = (domain: string, response: z.ZodType, handler: () => Promise<unknown>) =>
      app.post(
        `/api/operator/config/${domain}/get`,
        {
          config: read,
          schema: {
            tags,
            summary: `The ${domain} terms in effect, their version and any scheduled change`,
            body: ZNone,
            response: { 200: ZEnvelope(response) },
          },
        },
        async () => ok(await handler()),
      );
    const set = (domain: string, summary: string, access: typeof money | typeof manage) => ({
      config: access,
      schema: { tags, summary, response: { 200: ZEnvelope(ZConfigSetResponse) } },
      domain,
    });

    getRoute('withdrawal', ZWithdrawalTermsState, () => withdrawalState(context));
    getRoute('levels', ZLevelTermsState, () => levelsState(context));
    getRoute('airdrop', ZAirdropTermsState, () => airdropState(context));
    getRoute('exchange', ZExchangeTermsState, () => exchangeState(context));
    getRoute('assets', ZAssetsTermsState, () => assetsState(context));

    const withdrawal = set(
      'withdrawal',
      'Save the withdrawal fee rate, minimum fee and auto-approval daily limit',
      money,
    );
    app.post(
      '/api/operator/config/withdrawal/set',
      { config: withdrawal.config, schema: { ...withdrawal.schema, body: ZSetWithdrawalTermsRequest } },
      async (request) =>
        ok(
          await setVersioned(
            context,
            operatorOf(request).actor,
            'withdrawal',
            'terms',
            context.withdrawDefaults,
            checkWithdrawalTerms,
            request.body,
          ),
        ),
    );
    const levels = set('levels', 'Save the level thresholds (versioned; events after the start use them)', manage);
    app.post(
      '/api/operator/config/levels/set',
      { config: levels.config, schema: { ...levels.schema, body: ZSetLevelTermsRequest } },
      async (request) =>
        ok(
          await setVersioned(
            context,
            operatorOf(request).actor,
            'levels',
            'rules',
            DEFAULT_LEVEL_RULES,
            checkLevelTerms,
            request.body,
          ),
        ),
    );
    const airdrop = set('airdrop', 'Save the airdrop rates by depth, card amounts and the handling fee', money);
    app.post(
      '/api/operator/config/airdrop/set',
      { config: airdrop.config, schema: { ...airdrop.schema, body: ZSetAirdropTermsRequest } },
      async (request) =>
        ok(
          await setVersioned(
            context,
            operatorOf(request).actor,
            'airdrop',
            'rules',
            DEFAULT_AIRDROP_TERMS,
            checkAirdropTerms,
            request.body,
          ),
        ),
    );
    const exchange = set('exchange', "Save an exchange pair's fee rate, minimum and switch (at once)", money);
    app.post(
      '/api/operator/config/exchange/set',
      { config: exchange.config, schema: { ...exchange.schema, body: ZSetExchangePairRequest } },
      async (request) => ok(await setExchangePair(context, operatorOf(request).actor, request.body)),
    );
    const assets = set('assets', 'Set the KPC price from a time (a new price row; earlier quotes keep theirs)', money);
    app.post(
      '/api/operator/config/assets/set',
      { config: assets.config, schema: { ...assets.schema, body: ZSetKpcPriceRequest } },
      async (request) => ok(await setKpcPrice(context, operatorOf(request).actor, request.body)),
    );
  };
