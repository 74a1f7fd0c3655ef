import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** What other modules may ask of the stockholder tables, as subqueries they embed in their own round trip. */

/**
 * The member's shareholder status (null without a live application), over `memberId`, a column or
 * value of the caller's query. An approved application makes a shareholder, whatever was applied for since.
 */
export function shareholderStatusOf(memberId: SQL | AnyColumn): SQL<'pending' | 'approved' | null> {
  return sql<'pending' | 'approved' | null>`(select s.status from stockholder_applications s
        where s.member_id = ${memberId} and s.status in ('pending', 'approved')
        order by s.status = 'approved' desc, s.id desc limit 1)`;
}
