import {
  AppError,
  fromLedgerUnits,
  toLedgerUnits,
  EntryType,
  type TKlkBuyRequest,
  type TKlkPackagesResponse,
  type TKlkPurchase,
} from '@kpc/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { klkMemberships, klkPurchases, klkTiers } from '../../db/schema/index.ts';
import { HouseAccount, postEntry } from '../../ledger/ledger.ts';
import type { Clock } from '../../lib/clock.ts';
import { requestReplay, rowByRequest } from '../../lib/request-replay.ts';
import { assertMayMoveMoney } from '../account/freeze.ts';
import { issueActivationCodes } from '../activation-code/service.ts';
import { recordTeamEvent, TeamEventKind } from '../team/airdrop.ts';

/**
 * KLK broker packages (Step 6, SPEC §1, §6). Buying a tier pays USDT from available into the
 * `klk_sales` house account, issues the tier's card activation codes and sets the member's KLK
 * level, in one transaction. An upgrade pays the difference between the two tiers' current prices
 * and issues the difference of their code counts; the same or a lower tier is refused.
 */

export interface KlkContext {
  db: Database;
  clock: Clock;
  secret: string;
}

const USDT = 'USDT';

type Tier = typeof klkTiers.$inferSelect;

/** What moving from `held` (or nothing) to `target` costs and issues now; null when it is not an upgrade. */
function upgrade(held: Tier | undefined, target: Tier): { pay: bigint; codes: number } | null {
  if (held && target.rank <= held.rank) return null;
  const pay = toLedgerUnits(target.price) - (held ? toLedgerUnits(held.price) : 0n);
  return { pay: pay > 0n ? pay : 0n, codes: Math.max(0, target.codeCount - (held?.codeCount ?? 0)) };
}

async function heldTier(db: Executor, memberId: string): Promise<Tier | undefined> {
  const [row] = await db
    .select({ tier: klkTiers })
    .from(klkMemberships)
    .innerJoin(klkTiers, eq(klkTiers.id, klkMemberships.tierId))
    .where(eq(klkMemberships.memberId, memberId));
  return row?.tier;
}

/** `/api/klk/packages`: the tiers on sale, the member's level, and what each upgrade costs now. */
export async function listPackages({ db }: KlkContext, memberId: string): Promise<TKlkPackagesResponse> {
  const [tiers, held] = await Promise.all([
    db.select().from(klkTiers).where(eq(klkTiers.status, 'active')).orderBy(asc(klkTiers.rank)),
    heldTier(db, memberId),
  ]);
  return {
    level: held?.level ?? null,
    asset: USDT,
    tiers: tiers.map((tier) => {
      const next = upgrade(held, tier);
      return {
        id: tier.id.toString(),
        level: tier.level,
        rank: tier.rank,
        price: fromLedgerUnits(toLedgerUnits(tier.price)),
        codeCount: tier.codeCount,
        held: held?.id === tier.id,
        payNow: next ? fromLedgerUnits(next.pay) : null,
        codesNow: next ? next.codes : null,
      };
    }),
  };
}

async function purchaseView(db: Executor, row: typeof klkPurchases.$inferSelect): Promise<TKlkPurchase> {
  const tiers = await db
    .select({ id: klkTiers.id, level: klkTiers.level })
    .from(klkTiers)
    .where(sql`${klkTiers.id} in (${row.tierId}, ${row.fromTierId ?? row.tierId})`);
  const levelOf = (id: bigint | null) => (id === null ? null : (tiers.find((tier) => tier.id === id)?.level ?? null));
  return {
    id: row.id.toString(),
    tierId: row.tierId.toString(),
    level: levelOf(row.tierId) ?? '',
    fromLevel: levelOf(row.fromTierId),
    paid: fromLedgerUnits(toLedgerUnits(row.paid)),
    asset: USDT,
    codeCount: row.codeCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `/api/klk/buy`: retry-safe by requestId. The member's membership row is locked first, so a
 * member's purchases queue: 20 identical requests at once pay once, and two different ones can
 * never both buy from the same held tier. Both tiers are read inside the transaction that
 * charges, after that lock, and what they cost now must be the amount the member's review showed
 * (`request.amount`): a price changed since is refused (PRICE_CHANGED) before anything is written.
 */
export async function buyPackage(
  { db, clock, secret }: KlkContext,
  memberId: string,
  request: TKlkBuyRequest,
): Promise<TKlkPurchase> {
  const tierId = BigInt(request.tierId);
  const shown = toLedgerUnits(request.amount);
  const replay = requestReplay({
    find: (executor) => rowByRequest(executor, klkPurchases, memberId, request.requestId),
    // The same id with another tier or amount is another request.
    sameRequest: (existing) => existing.tierId === tierId && toLedgerUnits(existing.paid) === shown,
    answer: (existing, executor) => purchaseView(executor, existing),
  });
  const replayed = await replay.earlier(db);
  if (replayed) return replayed;

  return db.transaction(async (tx) => {
    // An upgrade that costs nothing posts no entry: the freeze is asked here (Step 8a).
    await assertMayMoveMoney(tx, memberId);
    // The upsert takes the member's row lock (created on a first purchase).
    const [membership] = await tx
      .insert(klkMemberships)
      .values({ memberId })
      .onConflictDoUpdate({ target: klkMemberships.memberId, set: { memberId: sql`excluded.member_id` } })
      .returning({ tierId: klkMemberships.tierId });
    const again = await replay.earlier(tx);
    if (again) return again;
    // Both prices as this transaction charges them: shared locks hold a price change until it commits.
    const heldId = membership?.tierId ?? null;
    const tiers = await tx
      .select()
      .from(klkTiers)
      .where(inArray(klkTiers.id, heldId === null ? [tierId] : [tierId, heldId]))
      .for('share');
    const target = tiers.find((tier) => tier.id === tierId);
    if (!target || target.status !== 'active') throw new AppError('KLK_TIER_UNAVAILABLE');
    const held = heldId === null ? undefined : tiers.find((tier) => tier.id === heldId);
    const step = upgrade(held, target);
    if (!step) throw new AppError('KLK_TIER_NOT_HIGHER');
    if (step.pay !== shown) throw new AppError('PRICE_CHANGED');
    const now = clock.now();
    const [purchase] = await tx
      .insert(klkPurchases)
      .values({
        memberId,
        requestId: request.requestId,
        tierId,
        fromTierId: held?.id ?? null,
        paid: fromLedgerUnits(step.pay),
        codeCount: step.codes,
        createdAt: now,
      })
      .returning();
    if (!purchase) throw new Error('klk purchase not written');
    if (step.pay > 0n) {
      await postEntry(tx, {
        type: EntryType.KLK_PURCHASE,
        idempotencyKey: `klk:purchase:${purchase.id}`,
        memberId,
        reference: `klk_purchase:${purchase.id}`,
        postings: [
          { account: { memberId, bucket: 'available' }, asset: USDT, amount: -step.pay },
          { account: { house: HouseAccount.KLK_SALES }, asset: USDT, amount: step.pay },
        ],
      });
    }
    // Step 7: team volume, levels and airdrops, once per purchase.
    const event = {
      key: `klk_purchase:${purchase.id}`,
      kind: TeamEventKind.KLK_PACKAGE,
      memberId,
      usdtUnits: step.pay,
    };
    await recordTeamEvent(tx, event);
    await issueActivationCodes(tx, secret, { memberId, purchaseId: purchase.id, count: step.codes, now });
    await tx.update(klkMemberships).set({ tierId, updatedAt: now }).where(eq(klkMemberships.memberId, memberId));
    return purchaseView(tx, purchase);
  });
}
