import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

/**
 * The generated tree of the team benchmark (`run.ts`): its shape and its set-based generation.
 */

/** The root's direct invitees (the genesis code is the first link shared). */
export const ROOT_FAN = 1_000;
/** Direct invitees of every other member of the fan-out (most members below invite nobody). */
export const FAN = 4;

async function count(db: Database, statement: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The generated member of tree key `key`. */
export const memberId = (key: number) => sql`md5('bench-team-' || ${key}::integer)::uuid`;

/**
 * The parent of key `k` as SQL: key 1 is the root; keys 2..ROOT_FAN+1 its direct invitees; up to
 * `fanEnd`, a heap where every member invites FAN members; then a chain hanging from the root.
 * A parent's key is always below its child's, as the tree requires.
 */
function parentOf(k: ReturnType<typeof sql>, fanEnd: number) {
  return sql`case when ${k} = 1 then null
    when ${k} <= ${ROOT_FAN + 1} then 1
    when ${k} <= ${fanEnd} then (${k} - ${ROOT_FAN + 2}) / ${FAN} + 2
    when ${k} = ${fanEnd + 1} then 1
    else ${k} - 1 end`;
}

/**
 * The tree, set-based: the members (every other one by email, the rest by wallet), then the tree
 * rows level by level (each level one `INSERT … SELECT` from the level above, the chain in one),
 * then the aggregates rows in one insert — what the sign-ups would have left behind.
 */
export async function generateTree(db: Database, total: number, chain: number): Promise<void> {
  const fanEnd = total - chain;
  const k = sql`k`;
  await db.execute(sql`
    insert into members (id, invite_code, email, wallet_address, referrer_id, created_at)
    select md5('bench-team-' || k)::uuid, 'T' || k,
      case when k % 2 = 0 then 'member' || k || '@bench.example' end,
      case when k % 2 = 1 then '0x' || lpad(to_hex(k), 40, '0') end,
      md5('bench-team-' || (${parentOf(k, fanEnd)}))::uuid,
      now() - (${total} - k) * interval '1 second'
    from generate_series(1, ${total}) k`);
  await db.execute(sql`
    insert into member_tree (key, member_id, parent_key, depth, path) overriding system value
    values (1, ${memberId(1)}, null, 0, '{}')`);
  for (let depth = 1; ; depth += 1) {
    const inserted = await count(
      db,
      sql`with added as (
        insert into member_tree (key, member_id, parent_key, depth, path) overriding system value
        select c.k, md5('bench-team-' || c.k)::uuid, p.key, p.depth + 1, p.path || p.key
        from member_tree p
        cross join lateral generate_series(
          case when p.key = 1 then 2 else (p.key - 2) * ${FAN} + ${ROOT_FAN + 2} end,
          case when p.key = 1 then ${ROOT_FAN + 1} else least((p.key - 2) * ${FAN} + ${ROOT_FAN + 1 + FAN}, ${fanEnd}) end
        ) c(k)
        where p.depth = ${depth - 1} and p.key <= ${fanEnd}
        returning 1)
      select count(*)::integer as n from added`,
    );
    if (inserted === 0) break;
  }
  await db.execute(sql`
    insert into member_tree (key, member_id, parent_key, depth, path) overriding system value
    select k, md5('bench-team-' || k)::uuid, case when k = ${fanEnd + 1}::integer then 1 else k - 1 end,
      k - ${fanEnd}::integer, array[1] || array(select generate_series(${fanEnd + 1}::integer, k - 1))
    from generate_series(${fanEnd + 1}::integer, ${total}::integer) k`);
  await db.execute(sql`
    insert into member_team (key, direct_count, team_count)
    select t.key, coalesce(direct.n, 0), coalesce(team.n, 0)
    from member_tree t
    left join (select a.key, count(*)::integer as n from member_tree, unnest(path) as a(key) group by a.key) team
      on team.key = t.key
    left join (select parent_key, count(*)::integer as n from member_tree group by parent_key) direct
      on direct.parent_key = t.key
    order by t.key`);
  await db.execute(sql`select setval(pg_get_serial_sequence('member_tree', 'key'), ${total + 1}, false)`);
  await db.execute(sql`vacuum analyze members`);
  await db.execute(sql`vacuum analyze member_tree`);
  await db.execute(sql`vacuum analyze member_team`);
}
