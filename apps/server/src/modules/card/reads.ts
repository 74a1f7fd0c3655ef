import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { cards } from '../../db/schema/index.ts';

/** What other modules may ask of the card tables, as subqueries they embed in their own round trip. */

/** The product of the member's latest card (null without one), over `memberId`, a column or value of the caller's query. */
export function latestCardProductOf(memberId: SQL | AnyColumn): SQL<string | null> {
  return sql<
    string | null
  >`(select c.product from ${cards} c where c.member_id = ${memberId} order by c.id desc limit 1)`;
}
