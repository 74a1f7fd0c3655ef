import {
  esopLockEnd,
  esopSchedule,
  investmentReleaseAt,
  pledgeMaturesAt,
  pledgeRewardAt,
  pledgeTermRewards,
  type TPlanPreviewResponse,
} from '@kpc/shared';
import { asc, eq } from 'drizzle-orm';
import { pledgeTerms } from '../../db/schema/index.ts';
import type { PlanContext } from './plan-common.ts';
import { currentEsopTerms } from './service.ts';

/**
 * `/api/plan/preview` (issue 24 item 8): the dates an order made now would carry, on the plans'
 * clock (which the development clock moves) rather than the device's, so the review sheets say
 * what the order will. The same functions date the orders (`joinInvestment`, `joinEsop`,
 * `createPledge`): an order made at `now` has exactly these dates.
 */
export async function previewDates({ db, clock }: PlanContext): Promise<TPlanPreviewResponse> {
  const now = clock.now();
  const [esop, terms] = await Promise.all([
    currentEsopTerms(db),
    db
      .select()
      .from(pledgeTerms)
      .where(eq(pledgeTerms.status, 'active'))
      .orderBy(asc(pledgeTerms.sortOrder), asc(pledgeTerms.id)),
  ]);
  const firstEsopPhase = esop
    ? esopSchedule({ kpc: '1', createdAt: now, lockMonths: esop.lockMonths, releaseMonths: esop.releaseMonths })[0]
    : undefined;
  return {
    now: now.toISOString(),
    investmentFirstReleaseAt: investmentReleaseAt(now, 1).toISOString(),
    esop:
      esop && firstEsopPhase
        ? {
            lockEndsAt: esopLockEnd(now, esop.lockMonths).toISOString(),
            firstReleaseAt: firstEsopPhase.dueAt.toISOString(),
          }
        : null,
    // The terms `/api/plan/products` offers.
    pledgeTerms: terms.filter(pledgeTermRewards).map((term) => ({
      id: term.id.toString(),
      firstRewardAt: pledgeRewardAt(now, 1).toISOString(),
      maturesAt: pledgeMaturesAt(now, term.days).toISOString(),
    })),
  };
}
