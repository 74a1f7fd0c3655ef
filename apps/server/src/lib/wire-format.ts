import { fromLedgerUnits, toLedgerUnits } from '@kpc/shared';

/**
 * How the API writes what the database holds (ARCHITECTURE "Money"): NUMERIC amounts, rates and
 * prices as decimal strings at the ledger's scale without trailing zeros (`1.500000` -> `1.5`),
 * times as ISO 8601 strings.
 */

/** A NUMERIC string as the wire shows it. */
export const decimal = (value: string): string => fromLedgerUnits(toLedgerUnits(value));

/** A NUMERIC that may be NULL (an optional amount): null stays null. */
export const decimalOrNull = (value: string | null): string | null => (value === null ? null : decimal(value));

/** A sum over no rows (SQL's NULL) shows as 0. */
export const decimalOrZero = (value: string | null): string => decimal(value ?? '0');

/** A time that may not have happened yet: ISO 8601, or null. */
export const iso = (date: Date | null | undefined): string | null => date?.toISOString() ?? null;
