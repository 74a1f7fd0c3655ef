import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** What other modules may ask of the klk tables, as subqueries they embed in their own round trip. */

/** The member's KLK broker level (its tier's level, null without a membership), over `memberId`, a column or value of the caller's query. */
export function klkLevelOf(memberId: SQL | AnyColumn): SQL<string | null> {
  return sql<string | null>`(select tier.level from klk_memberships k join klk_tiers tier on tier.id = k.tier_id
        where k.member_id = ${memberId})`;
}
