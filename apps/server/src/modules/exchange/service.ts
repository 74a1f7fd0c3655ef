import { randomUUID } from 'node:crypto';
import {
  AppError,
  Bucket,
  ceilToDecimals,
  EntryType,
  floorToDecimals,
  fromLedgerUnits,
  LEDGER_SCALE,
  MAX_AMOUNT_INTEGER_DIGITS,
  mulDivDown,
  mulDivUp,
  mulLedger,
  RecordKind,
  toLedgerUnits,
  type TExchangeLogRequest,
  type TExchangePairsResponse,
  type TExchangeRecord,
  type TQuote,
  ZExchangeTerms,
} from '@kpc/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { financialRecords } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { equalHashes, hashWithSecret } from '../../lib/crypto.ts';
import { HouseAccount, postWithCause } from '../../ledger/ledger.ts';
import { getAsset, getExchangePairs, getKpcPrice, parseAmount, usdtPerUnit } from '../../ledger/reference-data.ts';
import { toPage } from '../../lib/paging.ts';
import { requestReplay } from '../../lib/request-replay.ts';
import { decimalOrZero } from '../../lib/wire-format.ts';
import { selectRecords } from '../assets/service.ts';

export interface ExchangeContext {
  db: Database;
  clock: Clock;
  /** Signs quotes, so the terms a member confirms are exactly the terms the server gave. */
  secret: string;
  quoteSeconds: number;
}

const UNIT = 10n ** BigInt(LEDGER_SCALE);
/** No amount a quote carries reaches 10^15 units of its asset: the ledger holds and sums them (`ZAmount`). */
const AMOUNT_LIMIT = 10n ** BigInt(MAX_AMOUNT_INTEGER_DIGITS + LEDGER_SCALE);

function isInRange(units: bigint): boolean {
  return units >= 0n && units < AMOUNT_LIMIT;
}

/** `/api/exchange/pairs`. */
export async function listPairs({ db, quoteSeconds }: ExchangeContext): Promise<TExchangePairsResponse> {
  const pairs = await getExchangePairs(db);
  return {
    pairs: pairs.map((pair) => ({
      from: pair.from,
      to: pair.to,
      feeRate: fromLedgerUnits(pair.feeRate),
      minAmount: fromLedgerUnits(pair.minAmount),
    })),
    quoteSeconds,
  };
}

/** A ledger decimal in range; a quote carrying anything else is refused before it reaches the ledger. */
const ZQuotedDecimal = z.string().refine((value) => {
  try {
    return isInRange(toLedgerUnits(value));
  } catch {
    return false;
  }
});

/** What a quote token carries: the terms shown, plus whose quote it is and its id. */
const ZQuoteTerms = ZExchangeTerms.extend({
  id: z.uuid(),
  member: z.uuid(),
  expiresAt: z.iso.datetime(),
  amount: ZQuotedDecimal,
  rate: ZQuotedDecimal,
  feeRate: ZQuotedDecimal,
  fee: ZQuotedDecimal,
  received: ZQuotedDecimal,
  /** Where the fee goes, as the pair said when quoting (absent in quotes from before it existed). */
  burnFee: z.boolean().optional(),
});
type QuoteTerms = z.infer<typeof ZQuoteTerms>;

function signTerms(secret: string, payload: string): string {
  return hashWithSecret(`exchange-quote:${secret}`, payload);
}

function encodeQuote(secret: string, terms: QuoteTerms): string {
  const payload = Buffer.from(JSON.stringify(terms)).toString('base64url');
  return `${payload}.${signTerms(secret, payload)}`;
}

/** The terms a quote token carries, once its signature checks out (QUOTE_INVALID otherwise). */
export function decodeQuote(secret: string, token: string): QuoteTerms {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !equalHashes(signature, signTerms(secret, payload))) {
    throw new AppError('QUOTE_INVALID');
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('QUOTE_INVALID');
  }
  const parsed = ZQuoteTerms.safeParse(json);
  if (!parsed.success) throw new AppError('QUOTE_INVALID');
  return parsed.data;
}

/**
 * `/api/exchange/quote`: prices an exchange and locks the rate for `quoteSeconds`. The fee is
 * taken from the sent amount and rounded up; the amount received is rounded down.
 */
export async function quoteExchange(
  context: ExchangeContext,
  memberId: string,
  request: { from: string; to: string; amount: string },
): Promise<TQuote> {
  const { db, clock } = context;
  const pair = (await getExchangePairs(db)).find((open) => open.from === request.from && open.to === request.to);
  if (!pair) throw new AppError('EXCHANGE_PAIR_CLOSED');
  const [from, to, { price }] = await Promise.all([
    getAsset(db, pair.from),
    getAsset(db, pair.to),
    getKpcPrice(db, clock.now()),
  ]);
  const amount = parseAmount(from, request.amount);
  // The route's schema bounds the amount already; a quote is never signed for more, whoever calls.
  if (!isInRange(amount)) throw new AppError('INVALID_REQUEST');
  if (amount < pair.minAmount) {
    throw new AppError('AMOUNT_BELOW_MINIMUM', { min: fromLedgerUnits(pair.minAmount), asset: from.code });
  }
  const rate = mulDivDown(usdtPerUnit(from.code, price), UNIT, usdtPerUnit(to.code, price));
  const fee = ceilToDecimals(mulDivUp(amount, pair.feeRate, UNIT), from.decimals);
  const received = floorToDecimals(mulLedger(amount - fee, rate), to.decimals);
  if (fee >= amount || received <= 0n) throw new AppError('AMOUNT_TOO_SMALL');
  if (!isInRange(received)) throw new AppError('INVALID_REQUEST');

  const terms: QuoteTerms = {
    id: randomUUID(),
    member: memberId,
    from: from.code,
    to: to.code,
    amount: fromLedgerUnits(amount),
    rate: fromLedgerUnits(rate),
    feeRate: fromLedgerUnits(pair.feeRate),
    fee: fromLedgerUnits(fee),
    received: fromLedgerUnits(received),
    expiresAt: new Date(clock.now().getTime() + context.quoteSeconds * 1000).toISOString(),
    burnFee: pair.burnFee,
  };
  const { id: _id, member: _member, burnFee: _burnFee, ...shown } = terms;
  return { quote: encodeQuote(context.secret, terms), ...shown, feeBurned: pair.burnFee };
}

type RecordRow = Pick<
  typeof financialRecords.$inferSelect,
  'id' | 'asset' | 'toAsset' | 'amount' | 'toAmount' | 'fee' | 'rate' | 'feeRate' | 'createdAt'
>;

/** The columns `confirmExchange`'s statement returns, each as text (the same on both drivers). */
type ExchangeRow = {
  id: string;
  asset: string;
  amount: string;
  to_asset: string | null;
  to_amount: string | null;
  fee: string | null;
  rate: string | null;
  fee_rate: string | null;
  created_at: string;
};

function toExchangeRecord(row: RecordRow): TExchangeRecord {
  return {
    id: row.id.toString(),
    from: row.asset,
    to: row.toAsset ?? '',
    amount: decimalOrZero(row.amount),
    rate: decimalOrZero(row.rate),
    feeRate: decimalOrZero(row.feeRate),
    fee: decimalOrZero(row.fee),
    received: decimalOrZero(row.toAmount),
    createdAt: row.createdAt.toISOString(),
  };
}

async function findExchange(db: Executor, memberId: string, quoteId: string) {
  const [row] = await db
    .select()
    .from(financialRecords)
    .where(and(eq(financialRecords.memberId, memberId), eq(financialRecords.requestId, quoteId)));
  return row;
}

/**
 * `/api/exchange/confirm`: exchanges at the quoted terms, from available to available. One quote
 * exchanges once: a retry (even after the quote expired) answers with the same exchange.
 */
export async function confirmExchange(
  context: ExchangeContext,
  memberId: string,
  token: string,
): Promise<TExchangeRecord> {
  const { db, clock } = context;
  const terms = decodeQuote(context.secret, token);
  if (terms.member !== memberId) throw new AppError('QUOTE_INVALID');
  // The quote is signed: its id alone names the exchange.
  const replay = requestReplay({
    find: (executor) => findExchange(executor, memberId, terms.id),
    sameRequest: () => true,
    answer: toExchangeRecord,
  });
  if (new Date(terms.expiresAt) <= clock.now()) {
    // A retry of an exchange that went through still answers with it, however late.
    const done = await replay.earlier(db);
    if (done) return done;
    throw new AppError('QUOTE_EXPIRED');
  }

  const amount = toLedgerUnits(terms.amount);
  const fee = toLedgerUnits(terms.fee);
  const received = toLedgerUnits(terms.received);
  // The record (what makes a retry harmless) and its entry in one statement, its own transaction:
  // one round trip, and the member's rows are locked only while it runs. A retry finds the record
  // written and posts nothing.
  const created = await postWithCause<ExchangeRow>(
    db,
    sql`insert into financial_records
        (member_id, kind, status, request_id, asset, amount, to_asset, to_amount, fee, rate, fee_rate)
      values (${memberId}::uuid, ${RecordKind.EXCHANGE}, 'completed', ${terms.id}::uuid, ${terms.from},
        ${terms.amount}::numeric, ${terms.to}, ${terms.received}::numeric, ${terms.fee}::numeric,
        ${terms.rate}::numeric, ${terms.feeRate}::numeric)
      on conflict (member_id, request_id) do nothing
      returning id::text, asset, amount::text, to_asset, to_amount::text, fee::text, rate::text, fee_rate::text,
        created_at::text`,
    {
      type: EntryType.EXCHANGE,
      idempotencyKey: `exchange:${terms.id}`,
      memberId,
      reference: sql`'financial_record:' || cause.id`,
      postings: [
        { account: { memberId, bucket: Bucket.AVAILABLE }, asset: terms.from, amount: -amount },
        ...(fee > 0n
          ? [
              {
                account: { house: terms.burnFee ? HouseAccount.BURN : HouseAccount.FEES },
                asset: terms.from,
                amount: fee,
              },
            ]
          : []),
        { account: { house: HouseAccount.EXCHANGE }, asset: terms.from, amount: amount - fee },
        { account: { house: HouseAccount.EXCHANGE }, asset: terms.to, amount: -received },
        { account: { memberId, bucket: Bucket.AVAILABLE }, asset: terms.to, amount: received },
      ],
    },
  );
  if (created) {
    return toExchangeRecord({
      id: BigInt(created.id),
      asset: created.asset,
      toAsset: created.to_asset,
      amount: created.amount,
      toAmount: created.to_amount,
      fee: created.fee,
      rate: created.rate,
      feeRate: created.fee_rate,
      createdAt: new Date(created.created_at),
    });
  }
  return replay.twin(db, 'exchange vanished after a conflicting insert');
}

/** `/api/exchange/log`: the member's exchanges, newest first. */
export async function listExchanges(db: Database, memberId: string, request: TExchangeLogRequest) {
  const { rows, limit } = await selectRecords(db, memberId, { ...request, kind: RecordKind.EXCHANGE });
  return toPage(rows, limit, toExchangeRecord);
}
