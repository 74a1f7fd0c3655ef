import type { TMemberLevel } from '@kpc/shared';
import { ZLevelTerms, type TLevelTerms } from '@kpc/shared/operator';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { currentConfig } from '../config/history.ts';

/**
 * Levels (Step 7, SPEC §3 Team, §6), computed from configured thresholds when their inputs change
 * and stored, never computed on read:
 * - `members.level` (ordinary member → ambassador → VIP) is raised by the sign-up and purchase
 *   statements of `tree.ts`, over the path above the member, from the counts they just wrote;
 *   `raiseOwnLevel` raises the buyer of a broker package to ambassador.
 * - `member_team.kpc_level` / `esop_level` are the steps of team volume reached, written by
 *   `addTeamVolume` in the same UPDATE as the volume.
 * - The KLK broker level is the klk module's own (`klk_memberships`), the shareholder applicant
 *   the stockholder module's open or approved application: stored there, read as they are.
 *
 * Levels never fall: team counts only grow, and a reached level stays reached (a refund takes
 * back airdrops, not levels). The thresholds are versioned configuration (Step 8b §2, domain
 * `levels`, subject `rules`): an event is levelled by the rules in effect at its time; these are the
 * defaults until an operator saves others (docs/modules/team.md lists them).
 */
export const DEFAULT_LEVEL_RULES: TLevelTerms = {
  /** Ambassador: this many direct invitees, or a broker package of one's own. */
  ambassadorDirect: 3,
  /** VIP member: all three at once. */
  vipDirect: 10,
  vipTeam: 100,
  vipVolume: '100000',
  /** KPC team level n: the n-th step of team volume from investment plans and packages (USDT). */
  kpcSteps: ['10000', '50000', '200000', '1000000', '5000000'],
  /** ESOP team level n: the n-th step of the team's ESOP subscriptions (USDT). */
  esopSteps: ['10000', '50000', '200000', '1000000'],
};

/** The level rules in effect at `at` (one indexed read of `config_changes`), else the defaults. */
export async function levelRulesAt(db: Executor, at: Date): Promise<TLevelTerms> {
  const saved = await currentConfig(db, 'levels', 'rules', at);
  const parsed = saved ? ZLevelTerms.safeParse(saved.value) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_LEVEL_RULES;
}

/** Lowest first: a level is only ever replaced by one further along. */
export const MEMBER_LEVELS = ['member', 'ambassador', 'vip'] as const satisfies readonly TMemberLevel[];

const rankOf = (level: SQL) => sql`array_position(array['member', 'ambassador', 'vip']::text[], ${level})`;

/** SQL: the level a member's team counts reach (the broker package is `raiseOwnLevel`'s). */
export function levelOfCountsSql(rules: TLevelTerms, directCount: SQL, teamCount: SQL, teamVolume: SQL): SQL {
  return sql`case
    when ${directCount} >= ${rules.vipDirect}::int and ${teamCount} >= ${rules.vipTeam}::int
      and ${teamVolume} >= ${rules.vipVolume}::numeric then 'vip'
    when ${directCount} >= ${rules.ambassadorDirect}::int then 'ambassador'
    else 'member' end`;
}

/** SQL: how many of `steps` (USDT, ascending) `volume` has reached. */
export function stepsReachedSql(volume: SQL, steps: readonly string[]): SQL {
  return sql`(select count(*) from unnest(string_to_array(${steps.join(',')}::text, ',')::numeric[]) step
    where step <= ${volume})::smallint`;
}

/**
 * SQL of a data-modifying CTE body: raises `members.level` of the members whose `member_team`
 * rows the CTE `source` (columns key, direct_count, team_count, team_volume: the values just
 * written) returned, where their counts reach a higher level. Writes only the rows that change,
 * after their `member_team` rows were locked (always that order: no deadlock with a purchase).
 * The root (status `system`, never logs in) keeps its level.
 */
export function raiseLevelsSql(rules: TLevelTerms, source: string): SQL {
  const from = sql.raw(source);
  return sql`
    update members m set level = raised.level
    from (
      select tree.member_id,
        ${levelOfCountsSql(rules, sql`s.direct_count`, sql`s.team_count`, sql`s.team_volume`)} as level
      from ${from} s join member_tree tree on tree.key = s.key
    ) raised
    where m.id = raised.member_id and m.status <> 'system' and ${rankOf(sql`raised.level`)} > ${rankOf(sql`m.level`)}
    returning 1`;
}

/** Raises one member to `level` unless already there or further (a broker package: ambassador). */
export async function raiseOwnLevel(tx: Executor, memberId: string, level: TMemberLevel): Promise<void> {
  await tx.execute(sql`
    update members set level = ${level}
    where id = ${memberId} and status <> 'system' and ${rankOf(sql`level`)} < ${rankOf(sql`${level}::text`)}`);
}
