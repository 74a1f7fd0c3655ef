import { DEFAULT_PAGE_SIZE, AppError, KPC_DECIMALS, USDT_DECIMALS, toLedgerUnits } from '@kpc/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decimal } from '../../lib/wire-format.ts';

/** What the plan services share: their context, assets, and how they read amounts and pages. */

export interface PlanContext {
  db: Database;
  /** The plans' clock (`planClockOf`): the development clock endpoint moves it. */
  clock: Clock;
}

export const USDT = { code: 'USDT', decimals: USDT_DECIMALS };
export const KPC = { code: 'KPC', decimals: KPC_DECIMALS };

export function checkBounds(amount: bigint, min: string, max: string, asset: string): void {
  if (amount < toLedgerUnits(min)) throw new AppError('AMOUNT_BELOW_MINIMUM', { min: decimal(min), asset });
  if (amount > toLedgerUnits(max)) throw new AppError('AMOUNT_ABOVE_MAXIMUM', { max: decimal(max), asset });
}

/** Whether a stored NUMERIC is `requested` (a retried join names the same amount and price). */
export function sameUnits(stored: string, requested: bigint): boolean {
  return toLedgerUnits(stored) === requested;
}

/** A page request's limit (20 unless asked) and cursor. */
export function page(request: { cursor?: string | undefined; limit?: number | undefined }) {
  return { limit: request.limit ?? DEFAULT_PAGE_SIZE, cursor: request.cursor ? BigInt(request.cursor) : null };
}
