import { EntryType } from '@kpc/shared';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ledgerAdjustments } from '../../db/schema/index.ts';

/** What other modules may ask of the adjustment tables, as subqueries they embed in their own round trip. */

/**
 * An adjustment entry's public reason (Step 8b §3), by its key `adjustment:<id>` (the primary
 * key's index); null for any other entry. Over a ledger entry's `type` and `reference` columns.
 */
export function adjustmentNoteOf(entry: { type: AnyColumn; reference: AnyColumn }): SQL<string | null> {
  return sql<string | null>`case when ${entry.type} = ${EntryType.ADJUSTMENT}
        and ${entry.reference} ~ '^adjustment:[0-9]{1,18}$'
        then (select ${ledgerAdjustments.publicReason} from ${ledgerAdjustments}
          where ${ledgerAdjustments.id} = substring(${entry.reference} from 12)::bigint) end`;
}
