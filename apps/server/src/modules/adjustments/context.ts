import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { thresholdUnits, type AdjustmentContext } from './service.ts';

/** The adjustments' settings (ADJUSTMENT_*) from the server's configuration. */
export function adjustmentContextOf(c: { config: Config; db: Database; clock: Clock }): AdjustmentContext {
  return {
    db: c.db,
    clock: c.clock,
    twoApproverThreshold: thresholdUnits(c.config.ADJUSTMENT_TWO_APPROVER_THRESHOLD),
    expiryHours: c.config.ADJUSTMENT_EXPIRY_HOURS,
  };
}
