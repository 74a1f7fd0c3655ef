import { AppError, EntryType, ZAmount, ZAssetCode, ZEnvelope, ZTransferRecord } from '@kpc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import { getAsset, parseAmount } from '../../ledger/reference-data.ts';
import { sessionOf, type createAuthHooks } from '../../plugins/auth.ts';
import { ok } from '../../plugins/wire.ts';

const FAUCET_MAX = 1_000_000n * 10n ** 18n;

const ZFaucetRequest = z.object({
  asset: ZAssetCode,
  amount: ZAmount,
  bucket: z.enum(['available', 'income'], { error: 'validation.invalid' }).default('available'),
});

/**
 * `/api/dev/faucet` (never in production): credits the logged-in member with test funds through
 * the ledger, so a newcomer and the journeys can try transfers and exchanges before deposits.
 */
export const devFaucetRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: ReturnType<typeof createAuthHooks>;
}> = async (app, { db, auth }) => {
  app.post(
    '/api/dev/faucet',
    {
      preHandler: auth.requireSession,
      schema: {
        tags: ['dev'],
        summary: 'Development only: credit test funds (at most 1,000,000 per call)',
        body: ZFaucetRequest,
        response: { 200: ZEnvelope(ZTransferRecord) },
      },
    },
    async (request) => {
      const { memberId } = sessionOf(request);
      const asset = await getAsset(db, request.body.asset);
      const amount = parseAmount(asset, request.body.amount);
      if (amount > FAUCET_MAX) throw new AppError('INVALID_REQUEST');
      const id = randomUUID();
      await db.transaction((tx) =>
        postEntry(tx, {
          type: EntryType.DEV_FAUCET,
          idempotencyKey: `faucet:${id}`,
          memberId,
          postings: [
            { account: { memberId, bucket: request.body.bucket }, asset: asset.code, amount },
            { account: { house: HouseAccount.FAUCET }, asset: asset.code, amount: -amount },
          ],
        }),
      );
      return ok({ id, asset: asset.code, amount: request.body.amount, createdAt: new Date().toISOString() });
    },
  );
};
