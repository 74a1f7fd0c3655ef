import { AppError, fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import {
  ZAirdropTerms,
  ZLevelTerms,
  ZWithdrawalTerms,
  type TAirdropTerms,
  type TAssetsTermsState,
  type TConfigDomain,
  type TConfigSetResponse,
  type TExchangeTermsState,
  type TLevelTerms,
  type TSetExchangePairRequest,
  type TSetKpcPriceRequest,
  type TWithdrawalTerms,
} from '@kpc/shared/operator';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { assets, configChanges, exchangePairs, kpcPrices } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Actor } from '../audit/service.ts';
import { DEFAULT_AIRDROP_TERMS } from '../team/airdrop.ts';
import { DEFAULT_LEVEL_RULES } from '../team/levels.ts';
import { recordConfigChange } from './history.ts';
import { checkKpcPrice, checkPairTerms, effectiveFromOf, invalid } from './terms-rules.ts';

/**
 * Reading and saving the terms of the configuration pages (Step 8b §2). Terms without a table of
 * their own (withdrawal, levels, airdrop) are versions of `config_changes` only; exchange pairs
 * and the KPC price are rows of their tables, written in the same transaction as their version.
 */
export interface TermsContext {
  db: Database;
  clock: Clock;
  /** The withdrawal terms until an operator saves others (env WITHDRAW_*). */
  withdrawDefaults: TWithdrawalTerms;
}

interface SetInput<T> {
  terms: T;
  reason: string;
  effectiveFrom?: string | undefined;
  version?: number | undefined;
}

/** The newest version of a subject (in effect or scheduled), or 0. */
async function latestVersion(db: Executor, domain: TConfigDomain, subject: string) {
  const [row] = await db
    .select({ version: configChanges.version, after: configChanges.after, effectiveFrom: configChanges.effectiveFrom })
    .from(configChanges)
    .where(and(eq(configChanges.domain, domain), eq(configChanges.subject, subject)))
    .orderBy(desc(configChanges.version))
    .limit(1);
  return row;
}

/**
 * Saves of one subject queue here (until the transaction ends): `before` and the version number
 * `recordConfigChange` picks are then read after the previous save committed, so no save
 * overwrites another unseen.
 */
async function lockSubject(tx: Executor, domain: TConfigDomain, subject: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`config:${domain}/${subject}`}))`);
}

/** The version the operator saw must still be the newest: else another change came in between. */
function checkSeen(seen: number | undefined, latest: number) {
  if (seen !== undefined && seen !== latest) throw new AppError('CONFIG_CONFLICT');
}

/** A versioned-only subject: its terms in effect now, version and any scheduled change. */
export async function versionedState<T>(
  db: Executor,
  now: Date,
  domain: TConfigDomain,
  subject: string,
  schema: z.ZodType<T>,
  defaults: T,
) {
  const [inEffect] = await db
    .select({ after: configChanges.after })
    .from(configChanges)
    .where(
      and(eq(configChanges.domain, domain), eq(configChanges.subject, subject), lte(configChanges.effectiveFrom, now)),
    )
    .orderBy(desc(configChanges.effectiveFrom), desc(configChanges.version))
    .limit(1);
  const parsed = inEffect ? schema.safeParse(inEffect.after) : undefined;
  const latest = await latestVersion(db, domain, subject);
  const scheduled =
    latest && latest.effectiveFrom > now ? schema.safeParse(latest.after) : ({ success: false } as const);
  return {
    current: parsed?.success ? parsed.data : defaults,
    version: latest?.version ?? 0,
    scheduled:
      scheduled.success && latest ? { terms: scheduled.data, effectiveFrom: latest.effectiveFrom.toISOString() } : null,
  };
}

/**
 * Saves the next version of a versioned-only subject after `check`: the newest version is the
 * "before" (a scheduled one included), so versions form one chain; a concurrent save loses with
 * CONFIG_CONFLICT on the version's unique key.
 */
export async function setVersioned<T extends Record<string, unknown>>(
  context: TermsContext,
  actor: Actor,
  domain: TConfigDomain,
  subject: string,
  defaults: T,
  check: (terms: T) => void,
  input: SetInput<T>,
): Promise<TConfigSetResponse> {
  check(input.terms);
  const effectiveFrom = effectiveFromOf(context.clock.now(), input.effectiveFrom);
  const version = await context.db.transaction(async (tx) => {
    await lockSubject(tx, domain, subject);
    const latest = await latestVersion(tx, domain, subject);
    checkSeen(input.version, latest?.version ?? 0);
    const before = (latest?.after as Record<string, unknown> | undefined) ?? defaults;
    return recordConfigChange(tx, actor, {
      domain,
      subject,
      before,
      after: input.terms,
      reason: input.reason,
      effectiveFrom,
    });
  });
  return { version };
}

export const withdrawalState = (context: TermsContext) =>
  versionedState(context.db, context.clock.now(), 'withdrawal', 'terms', ZWithdrawalTerms, context.withdrawDefaults);
export const levelsState = (context: TermsContext) =>
  versionedState<TLevelTerms>(context.db, context.clock.now(), 'levels', 'rules', ZLevelTerms, DEFAULT_LEVEL_RULES);
export const airdropState = (context: TermsContext) =>
  versionedState<TAirdropTerms>(
    context.db,
    context.clock.now(),
    'airdrop',
    'rules',
    ZAirdropTerms,
    DEFAULT_AIRDROP_TERMS,
  );

const pairSubject = (from: string, to: string) => `${from}-${to}`;

/** Every exchange pair with its terms and version. */
export async function exchangeState(context: TermsContext): Promise<TExchangeTermsState> {
  const rows = await context.db
    .select()
    .from(exchangePairs)
    .orderBy(asc(exchangePairs.fromAsset), asc(exchangePairs.toAsset));
  const pairs = [];
  for (const row of rows) {
    const latest = await latestVersion(context.db, 'exchange', pairSubject(row.fromAsset, row.toAsset));
    pairs.push({
      fromAsset: row.fromAsset,
      toAsset: row.toAsset,
      terms: {
        feeRate: fromLedgerUnits(toLedgerUnits(row.feeRate)),
        minAmount: fromLedgerUnits(toLedgerUnits(row.minAmount)),
        enabled: row.enabled,
      },
      version: latest?.version ?? 0,
    });
  }
  return { pairs };
}

/** A pair's new terms, at once (the table has no effective time): the row locked, changed and versioned together. */
export async function setExchangePair(
  context: TermsContext,
  actor: Actor,
  input: TSetExchangePairRequest,
): Promise<TConfigSetResponse> {
  checkPairTerms(input.terms);
  const now = context.clock.now();
  if (effectiveFromOf(now, input.effectiveFrom).getTime() > now.getTime() + 60_000) invalid('pairNoSchedule');
  const subject = pairSubject(input.fromAsset, input.toAsset);
  const version = await context.db.transaction(async (tx: Transaction) => {
    const where = and(eq(exchangePairs.fromAsset, input.fromAsset), eq(exchangePairs.toAsset, input.toAsset));
    const [row] = await tx.select().from(exchangePairs).where(where).for('update');
    if (!row) invalid('unknownPair');
    await lockSubject(tx, 'exchange', subject);
    const latest = await latestVersion(tx, 'exchange', subject);
    checkSeen(input.version, latest?.version ?? 0);
    const before = {
      feeRate: fromLedgerUnits(toLedgerUnits(row.feeRate)),
      minAmount: fromLedgerUnits(toLedgerUnits(row.minAmount)),
      enabled: row.enabled,
    };
    await tx
      .update(exchangePairs)
      .set({ feeRate: input.terms.feeRate, minAmount: input.terms.minAmount, enabled: input.terms.enabled })
      .where(where);
    return recordConfigChange(tx, actor, {
      domain: 'exchange',
      subject,
      before,
      after: input.terms,
      reason: input.reason,
      effectiveFrom: now,
    });
  });
  return { version };
}

const PRICE_SUBJECT = 'KPC-price';

async function priceAt(db: Executor, now: Date, future: boolean) {
  const [row] = await db
    .select({ price: kpcPrices.price, effectiveAt: kpcPrices.effectiveAt })
    .from(kpcPrices)
    .where(future ? gt(kpcPrices.effectiveAt, now) : lte(kpcPrices.effectiveAt, now))
    .orderBy(desc(kpcPrices.effectiveAt), desc(kpcPrices.id))
    .limit(1);
  return row && { price: fromLedgerUnits(toLedgerUnits(row.price)), effectiveAt: row.effectiveAt };
}

/** The assets and the KPC price in effect, with a scheduled one. */
export async function assetsState(context: TermsContext): Promise<TAssetsTermsState> {
  const now = context.clock.now();
  const [current, scheduled, latest, list] = await Promise.all([
    priceAt(context.db, now, false),
    priceAt(context.db, now, true),
    latestVersion(context.db, 'assets', PRICE_SUBJECT),
    context.db.select().from(assets).orderBy(asc(assets.sortOrder), asc(assets.code)),
  ]);
  return {
    current: { price: current?.price ?? '0' },
    version: latest?.version ?? 0,
    scheduled: scheduled
      ? { terms: { price: scheduled.price }, effectiveFrom: scheduled.effectiveAt.toISOString() }
      : null,
    assets: list.map((asset) => ({ code: asset.code, decimals: asset.decimals, enabled: asset.enabled })),
  };
}

/** A new KPC price: a new `kpc_prices` row from its effective time (the old rows stay: history, quotes). */
export async function setKpcPrice(
  context: TermsContext,
  actor: Actor,
  input: TSetKpcPriceRequest,
): Promise<TConfigSetResponse> {
  checkKpcPrice(input.terms);
  const now = context.clock.now();
  const effectiveFrom = effectiveFromOf(now, input.effectiveFrom);
  const version = await context.db.transaction(async (tx) => {
    await lockSubject(tx, 'assets', PRICE_SUBJECT);
    const latest = await latestVersion(tx, 'assets', PRICE_SUBJECT);
    checkSeen(input.version, latest?.version ?? 0);
    const before = await priceAt(tx, effectiveFrom, false);
    await tx.insert(kpcPrices).values({ price: input.terms.price, effectiveAt: effectiveFrom, source: 'operator' });
    return recordConfigChange(tx, actor, {
      domain: 'assets',
      subject: PRICE_SUBJECT,
      before: before ? { price: before.price } : null,
      after: input.terms,
      reason: input.reason,
      effectiveFrom,
    });
  });
  return { version };
}
