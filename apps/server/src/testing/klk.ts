import { randomUUID } from 'node:crypto';
import type { TKlkPackagesResponse, TKlkTier } from '@kpc/shared';
import type { TestMember } from './members.ts';
import type { TestApp } from './test-app.ts';

/** The tier of `level` as `/api/klk/packages` shows it to `member` now. */
export async function klkTierShown(t: TestApp, member: TestMember, level: string): Promise<TKlkTier> {
  const packages = (await t.call('/api/klk/packages', {}, member.headers)).data as TKlkPackagesResponse;
  const tier = packages.tiers.find((candidate) => candidate.level === level);
  if (!tier) throw new Error(`no KLK tier ${level}`);
  return tier;
}

/**
 * Buys the tier of `level` as a member does: reads what the packages page shows it costs now and
 * sends that amount (a held or lower tier sends its full price, and is refused as not higher).
 */
export async function buyKlkTier(t: TestApp, member: TestMember, level: string, requestId: string = randomUUID()) {
  const tier = await klkTierShown(t, member, level);
  return t.call('/api/klk/buy', { tierId: tier.id, amount: tier.payNow ?? tier.price, requestId }, member.headers);
}
