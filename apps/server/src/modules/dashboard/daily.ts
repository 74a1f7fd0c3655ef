import { DASHBOARD_DEFAULT_DAYS, type TDashboardDay, type TDashboardDailyResponse } from '@kpc/shared/operator';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { decimalOrZero } from '../../lib/wire-format.ts';

/**
 * The dashboard's daily figures (Step 8a §4): per UTC day, what happened, each figure counted from
 * its own record by the time it happened (a deposit by its credit, a withdrawal by the event that
 * completed it), so a past day's figures never change. One grouped query per figure, over the
 * window only.
 */

const DAY_MS = 86_400_000;

type Figure = Exclude<keyof TDashboardDay, 'day'>;

interface DayRow {
  day: string;
  count: number | string;
  amount: string | null;
}

/** Each figure's query: `day, count, amount` grouped by UTC day since the window's start. */
const FIGURES: Record<Figure, (since: SQL) => SQL> = {
  signUps: (since) =>
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, null as amount
      from members where created_at >= ${since} and status <> 'system' group by 1`,
  depositsCredited: (since) =>
    sql`select to_char((credited_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(amount)::text as amount
      from deposits where credited_at >= ${since} and status = 'credited' and member_id is not null group by 1`,
  withdrawalsCompleted: (since) =>
    sql`select to_char((e.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(w.amount)::text as amount
      from withdrawal_events e join withdrawals w on w.id = e.withdrawal_id
      where e.created_at >= ${since} and e.to_status = 'completed' and e.from_status is distinct from 'completed' group by 1`,
  planVolume: (since) =>
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(amount)::text as amount
      from plan_orders where created_at >= ${since} group by 1`,
  esopVolume: (since) =>
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(usdt_paid)::text as amount
      from esop_orders where created_at >= ${since} group by 1`,
  pledges: (since) =>
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(amount)::text as amount
      from pledges where created_at >= ${since} group by 1`,
  brokerPackages: (since) =>
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(paid)::text as amount
      from klk_purchases where created_at >= ${since} group by 1`,
  cardsIssued: (since) =>
    sql`select to_char((issued_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, null as amount
      from cards where issued_at >= ${since} group by 1`,
  airdropsPaid: (since) =>
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as count, sum(net)::text as amount
      from airdrops where created_at >= ${since} group by 1`,
};

/** The `days` UTC days ending today (oldest first), as `YYYY-MM-DD`, and the first one's start. */
export function dayWindow(now: Date, days: number): { since: Date; days: string[] } {
  const today = Math.floor(now.getTime() / DAY_MS);
  const first = today - days + 1;
  return {
    since: new Date(first * DAY_MS),
    days: Array.from({ length: days }, (_, index) => new Date((first + index) * DAY_MS).toISOString().slice(0, 10)),
  };
}

function emptyDay(day: string): TDashboardDay {
  const none = { count: 0, amount: '0' };
  return {
    day,
    signUps: 0,
    depositsCredited: { ...none },
    withdrawalsCompleted: { ...none },
    planVolume: '0',
    esopVolume: '0',
    pledges: { ...none },
    brokerPackages: { ...none },
    cardsIssued: 0,
    airdropsPaid: { ...none },
  };
}

/** `/api/operator/dashboard/daily`: every day of the window, zeros included, oldest first. */
export async function dailyFigures(
  db: Executor,
  now: Date,
  days: number = DASHBOARD_DEFAULT_DAYS,
): Promise<TDashboardDailyResponse> {
  const window = dayWindow(now, days);
  const byDay = new Map(window.days.map((day) => [day, emptyDay(day)]));
  for (const [figure, query] of Object.entries(FIGURES) as [Figure, (since: SQL) => SQL][]) {
    const result: unknown = await db.execute(query(sql`${window.since.toISOString()}::timestamptz`));
    for (const row of (result as { rows: DayRow[] }).rows) {
      const target = byDay.get(row.day);
      // A row dated after today (a clock ahead of the database's) has no day in the window.
      if (!target) continue;
      // Each figure keeps its shape: a count, an amount, or both.
      const [count, amount, shape] = [Number(row.count), decimalOrZero(row.amount), typeof target[figure]];
      Object.assign(target, { [figure]: shape === 'number' ? count : shape === 'string' ? amount : { count, amount } });
    }
  }
  return { days: [...byDay.values()] };
}
