import {
  AppError,
  maskAddress,
  SecurityEventKind,
  type TAddressCancelPeek,
  type TAddressCancelResponse,
} from '@kpc/shared';
import { eq } from 'drizzle-orm';
import { chainName } from '../../chain/runtime.ts';
import type { Executor } from '../../db/client.ts';
import { withdrawalAddresses } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/crypto.ts';
import { recordSecurityEvent, type ClientInfo } from '../account/security-events.ts';
import { eventDetail, type AddressBookContext } from './service.ts';

/**
 * The cancel link of the "new withdrawal address" mail (Step 11 §2), public: the token is the
 * authority, so nobody needs to sign in (someone who stole the password cannot hide the mail by
 * changing it). The link works for CANCEL_LINK_DAYS after the address was added; a wrong or old
 * token answers ADDRESS_CANCEL_LINK_INVALID and reveals nothing.
 */

/** How long a cancel link works after the address was added. */
export const CANCEL_LINK_DAYS = 7;

async function rowOfToken(context: AddressBookContext, db: Executor, token: string, lock: boolean) {
  const query = db
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.cancelTokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  const expiresAt = (row?.createdAt.getTime() ?? 0) + CANCEL_LINK_DAYS * 86_400_000;
  if (!row || expiresAt <= context.clock.now().getTime()) throw new AppError('ADDRESS_CANCEL_LINK_INVALID');
  return row;
}

/** `/api/wdaddr/cancel/peek`: what the link would cancel (the address masked), and whether it still can. */
export async function peekCancel(context: AddressBookContext, token: string): Promise<TAddressCancelPeek> {
  const row = await rowOfToken(context, context.db, token, false);
  return {
    label: row.label,
    chainId: row.chainId,
    network: chainName(context.chains, row.chainId),
    address: maskAddress(row.address),
    state: row.removedAt ? 'cancelled' : 'active',
  };
}

/** `/api/wdaddr/cancel`: removes the address once; again answers `already`. */
export async function cancelByLink(
  context: AddressBookContext,
  token: string,
  client: ClientInfo,
): Promise<TAddressCancelResponse> {
  return context.db.transaction(async (tx) => {
    const row = await rowOfToken(context, tx, token, true);
    if (row.removedAt) return { outcome: 'already' as const };
    const at = context.clock.now();
    await tx
      .update(withdrawalAddresses)
      .set({ removedAt: at, removedBy: 'email-link' })
      .where(eq(withdrawalAddresses.id, row.id));
    await recordSecurityEvent(tx, {
      memberId: row.memberId,
      kind: SecurityEventKind.ADDRESS_REMOVED,
      at,
      client,
      detail: eventDetail(row),
    });
    return { outcome: 'cancelled' as const };
  });
}
