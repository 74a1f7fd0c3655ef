import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The stored referral tree against the truth recomputed from scratch (tests and the backfill's
 * check): `unlinked` — members without a tree row, or whose row's parent is not their referrer;
 * `miscounted` — tree rows without aggregates, or whose direct or team count differs from a full count of the rows below.
 * Both empty when the tree is sound. A full scan: never on a request path.
 */
export async function findTreeViolations(db: Executor): Promise<{ unlinked: string[]; miscounted: number[] }> {
  const unlinked: unknown = await db.execute(sql`
    select m.id from members m
    left join member_tree t on t.member_id = m.id
    left join member_tree p on p.key = t.parent_key
    where t.key is null or p.member_id is distinct from m.referrer_id
    order by m.id`);
  const miscounted: unknown = await db.execute(sql`
    select t.key from member_tree t
    left join member_team g on g.key = t.key
    left join (select a.key, count(*)::integer as n from member_tree, unnest(path) as a(key) group by a.key) team
      on team.key = t.key
    left join (select parent_key, count(*)::integer as n from member_tree group by parent_key) direct
      on direct.parent_key = t.key
    where g.key is null or g.team_count <> coalesce(team.n, 0) or g.direct_count <> coalesce(direct.n, 0)
    order by t.key`);
  return {
    unlinked: (unlinked as { rows: { id: string }[] }).rows.map((row) => row.id),
    miscounted: (miscounted as { rows: { key: number }[] }).rows.map((row) => row.key),
  };
}
