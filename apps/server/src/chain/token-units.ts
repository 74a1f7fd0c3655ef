import { LEDGER_SCALE } from '@kpc/shared';

/**
 * The chain edge of money: a token counts in its own decimals (USDT: 6 on Ethereum and Polygon,
 * 18 on BSC), the ledger in 10^18 units of one USDT asset. Decimals are at most 18 (config/chains.ts).
 */

/** A token amount, in the ledger's units: exact. */
export function tokenToLedgerUnits(units: bigint, tokenDecimals: number): bigint {
  return units * 10n ** BigInt(LEDGER_SCALE - tokenDecimals);
}

/** A ledger amount in the token's units: exact, or a RangeError when the token cannot carry it (never rounded). */
export function ledgerToTokenUnits(ledgerUnits: bigint, tokenDecimals: number): bigint {
  const step = 10n ** BigInt(LEDGER_SCALE - tokenDecimals);
  if (ledgerUnits % step !== 0n) throw new RangeError(`amount finer than the token's ${tokenDecimals} decimals`);
  return ledgerUnits / step;
}
