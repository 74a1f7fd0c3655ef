import { earlyRedemption, pledgeSchedule, type TPledge, type TPledgeTerm } from '@kpc/shared';

/** What a pledge of `amount` for `term` would pay, made now (plans.ts arithmetic, as the server's). */
export interface PledgePreview {
  /** KPC paid into income funds each day of the term. */
  dailyReward: string;
  /** The daily reward times the term's days. */
  totalRewards: string;
  /** When the principal returns to available: 00:00 UTC of the term's last day. */
  maturesAt: Date;
  /** What an early redemption would burn of the principal. */
  penalty: string;
}

/**
 * The preview of a pledge before it is made. `now` is this device's clock: the server's (and the
 * development clock's) decides the real dates, shown on the pledge once it exists.
 */
export function previewPledge(term: TPledgeTerm, amount: string, now: Date | number): PledgePreview {
  const schedule = pledgeSchedule({ amount, dailyRate: term.dailyRate, termDays: term.days, createdAt: now });
  return {
    dailyReward: schedule.rewards[0]?.amount ?? '0',
    totalRewards: schedule.totalRewards,
    maturesAt: schedule.maturesAt,
    penalty: earlyRedemption({ amount, penaltyRate: term.earlyRedemptionPenaltyRate }).penalty,
  };
}

/** What an early redemption burns (at `penaltyRate` of the principal) and returns to available. */
export interface RedemptionPreview {
  penaltyRate: string;
  penalty: string;
  returned: string;
}

/** What redeeming `pledge` now would burn and return, at the penalty rate fixed when it was pledged. */
export function previewRedemption(pledge: TPledge): RedemptionPreview {
  return {
    penaltyRate: pledge.earlyRedemptionPenaltyRate,
    ...earlyRedemption({ amount: pledge.amount, penaltyRate: pledge.earlyRedemptionPenaltyRate }),
  };
}

/** The fingerprint of a pledge submission: a retry of the same one reuses its request id. */
export function getPledgeFingerprint(termId: string, amount: string): string {
  return `${termId}:${amount}`;
}

/** The pledged asset: pledges stake KPC (SPEC §1 "Stake (pledge)"). */
export const PLEDGE_ASSET = 'KPC';
