import {
  earlyRedemption,
  fromLedgerUnits,
  pledgeReward,
  toLedgerUnits,
  type TPledge,
  type TPledgeTerm,
} from '@kpc/shared';

/**
 * What a pledge of `amount` for `term` would pay (plans.ts arithmetic, as the server's). When it
 * matures is the server's to say (`/api/plan/preview`, its plans' clock), not this device's clock.
 */
export interface PledgePreview {
  /** KPC paid into income funds each day of the term. */
  dailyReward: string;
  /** The daily reward times the term's days. */
  totalRewards: string;
  /** What an early redemption would burn of the principal. */
  penalty: string;
}

/** The preview of a pledge before it is made. */
export function previewPledge(term: TPledgeTerm, amount: string): PledgePreview {
  const dailyReward = pledgeReward(amount, term.dailyRate);
  return {
    dailyReward,
    totalRewards: fromLedgerUnits(toLedgerUnits(dailyReward) * BigInt(term.days)),
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
