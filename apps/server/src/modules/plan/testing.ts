import { planClockOf, type AdjustableClock } from '../../lib/clock.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { runReleaseEngine, type ReleaseResult } from './release-engine.ts';

/** The plans' clock of a test app: what `/api/dev/clock/advance` moves. */
export function planClock(t: TestApp): AdjustableClock {
  return planClockOf(t.clock);
}

/**
 * Moves the plans' clock forward by `days` and runs the release engine once (as the endpoint
 * does), with two workers on PostgreSQL as the job runs it there.
 */
export async function advancePlanDays(t: TestApp, days: number): Promise<ReleaseResult> {
  planClock(t).advanceDays(days);
  return runReleaseEngine(t.database.db, planClock(t), { workers: t.database.kind === 'postgres' ? 2 : 1 });
}
