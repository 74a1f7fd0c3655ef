import { ZWithdrawalTerms, type TWithdrawalTerms } from '@kpc/shared/operator';
import type { Executor } from '../../db/client.ts';
import { currentConfig } from './history.ts';

/**
 * The withdrawal terms in effect at `at` (Step 8b §2, domain `withdrawal`, subject `terms`): the
 * newest saved version, read per request (one indexed query), so every process applies a change at
 * once; `defaults` (env WITHDRAW_FEE_RATE, WITHDRAW_MIN_FEE, WITHDRAW_AUTO_APPROVE_DAILY) until an
 * operator saves terms.
 */
export async function withdrawalTermsAt(db: Executor, defaults: TWithdrawalTerms, at: Date): Promise<TWithdrawalTerms> {
  const saved = await currentConfig(db, 'withdrawal', 'terms', at);
  const parsed = saved ? ZWithdrawalTerms.safeParse(saved.value) : undefined;
  return parsed?.success ? parsed.data : defaults;
}
