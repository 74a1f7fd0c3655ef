import { AppError, KPC_DECIMALS, USDT_DECIMALS, fromLedgerUnits, toLedgerUnits } from '@kpc/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';

/** What the plan services share: their context, assets, and how they read amounts and pages. */

export interface PlanContext {
  db: Database;
  /** The plans' clock (`planClockOf`): the development clock endpoint moves it. */
  clock: Clock;
}

export const USDT = { code: 'USDT', decimals: USDT_DECIMALS };
export const KPC = { code: 'KPC', decimals: KPC_DECIMALS };
export const DEFAULT_LIMIT = 20;

/** A NUMERIC string as the wire shows it (no trailing zeros). */
export const decimal = (value: string) => fromLedgerUnits(toLedgerUnits(value));

export function checkBounds(amount: bigint, min: string, max: string, asset: string): void {
  if (amount < toLedgerUnits(min)) throw new AppError('AMOUNT_BELOW_MINIMUM', { min: decimal(min), asset });
  if (amount > toLedgerUnits(max)) throw new AppError('AMOUNT_ABOVE_MAXIMUM', { max: decimal(max), asset });
}

/** A join retried with its request id answers the same record; a different request under it is refused. */
export function sameRequest(stored: string, requested: bigint): void {
  if (toLedgerUnits(stored) !== requested) throw new AppError('REQUEST_ID_REUSED');
}

/** A page request's limit (20 unless asked) and cursor. */
export function page(request: { cursor?: string | undefined; limit?: number | undefined }) {
  return { limit: request.limit ?? DEFAULT_LIMIT, cursor: request.cursor ? BigInt(request.cursor) : null };
}
