import {
  ADDRESS_BOOK_MAX,
  AppError,
  CodePurpose,
  maskEmail,
  SecurityEventKind,
  type LocaleCode,
  type TAddressAddRequest,
  type TAddressBookOnlyRequest,
  type TAddressBookResponse,
  type TSavedAddress,
  type TSecondStepProof,
} from '@kpc/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import { chainName, programmeAddresses, type ChainRuntime } from '../../chain/runtime.ts';
import type { WebAuthnSettings } from '../../config/webauthn.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { members, withdrawalAddresses, withdrawalAddressSettings } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createToken, hashToken } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { checkCode, mailOwnCode } from '../account/codes.ts';
import { recordSecurityEvent, type ClientInfo } from '../account/security-events.ts';
import { requireSecondStep } from '../two-step/service.ts';
import { formatUtc, renderAddressAddedMail } from './mail.ts';

/**
 * The withdrawal address book (Step 11 §2): named addresses per network. Saving one is a security
 * change (the emailed code, and the authenticator's when two-step is on); it receives withdrawals
 * only from `usable_at`, and the mail announcing it carries a link that cancels it (cancel.ts). With
 * "address book only" on, withdrawals go to usable saved addresses alone (`checkWithdrawalAddress`,
 * called in the withdrawal's own transaction).
 */

export interface AddressBookContext {
  db: Database;
  clock: Clock;
  /** APP_SECRET: the emailed codes' hashes and the authenticator's sealing derive from it. */
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Passkeys' relying party: a passkey can be the second step of a change (Step 11 §2). */
  webauthn: WebAuthnSettings;
  chains: ChainRuntime;
  /** WITHDRAW_ADDRESS_LOCK_HOURS. */
  lockHours: number;
  /** Where the member app is served: the cancel link's base. */
  publicUrl: string;
}

/** Who made a change, as the security activity shows it. */
export interface Actor {
  client: ClientInfo;
  sessionId: string;
}

type AddressRow = typeof withdrawalAddresses.$inferSelect;

/** How a saved address is named in a security event's detail: `56:0x…`. */
export const eventDetail = (row: Pick<AddressRow, 'chainId' | 'address'>) => `${row.chainId}:${row.address}`;

export function toSavedAddress(chains: ChainRuntime, row: AddressRow, now: Date): TSavedAddress {
  return {
    id: row.id.toString(),
    chainId: row.chainId,
    network: chainName(chains, row.chainId),
    address: row.address,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    usableAt: row.usableAt.toISOString(),
    usable: row.usableAt <= now,
  };
}

async function memberEmail(db: Database, memberId: string): Promise<string | null> {
  const [member] = await db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
  return member?.email ?? null;
}

async function isAddressBookOnly(db: Database | Transaction, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: withdrawalAddressSettings.addressBookOnly })
    .from(withdrawalAddressSettings)
    .where(eq(withdrawalAddressSettings.memberId, memberId));
  return row?.on ?? false;
}

/** Locks the member's settings row (made if missing): a member's changes to the book decide one at a time. */
async function lockSettings(tx: Transaction, memberId: string): Promise<boolean> {
  await tx.insert(withdrawalAddressSettings).values({ memberId }).onConflictDoNothing();
  const [row] = await tx
    .select({ on: withdrawalAddressSettings.addressBookOnly })
    .from(withdrawalAddressSettings)
    .where(eq(withdrawalAddressSettings.memberId, memberId))
    .for('update');
  return row?.on ?? false;
}

const activeOf = (memberId: string) =>
  and(eq(withdrawalAddresses.memberId, memberId), isNull(withdrawalAddresses.removedAt));

/** `/api/wdaddr/list`: the member's saved addresses, newest first (at most ADDRESS_BOOK_MAX exist). */
export async function listAddresses(context: AddressBookContext, memberId: string): Promise<TAddressBookResponse> {
  const [rows, only, email] = await Promise.all([
    context.db
      .select()
      .from(withdrawalAddresses)
      .where(activeOf(memberId))
      .orderBy(desc(withdrawalAddresses.id))
      .limit(ADDRESS_BOOK_MAX),
    isAddressBookOnly(context.db, memberId),
    memberEmail(context.db, memberId),
  ]);
  const now = context.clock.now();
  return {
    list: rows.map((row) => toSavedAddress(context.chains, row, now)),
    addressBookOnly: only,
    lockHours: context.lockHours,
    max: ADDRESS_BOOK_MAX,
    networks: context.chains.chains.map((chain) => ({ chainId: chain.chainId, network: chain.name })),
    email: email ? maskEmail(email) : null,
  };
}

/** `/api/wdaddr/sendCode`: the security code, to the member's own email only. */
export async function sendAddressBookCode(context: AddressBookContext, locale: LocaleCode, memberId: string) {
  const email = await memberEmail(context.db, memberId);
  if (!email) throw new AppError('WITHDRAW_EMAIL_REQUIRED');
  return mailOwnCode(context, locale, email, CodePurpose.SECURITY);
}

/**
 * A security change confirmed by both codes: the second step first (the authenticator's code or a
 * passkey's answer, when on; used up even if the change is then refused), then the emailed one inside `change`'s transaction, so it is used up only
 * by a change that happens. A wrong emailed code commits its counted try and fails with CODE_INVALID.
 */
async function securityChange<T>(
  context: AddressBookContext,
  memberId: string,
  codes: TSecondStepProof & { code: string },
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const email = await memberEmail(context.db, memberId);
  if (!email) throw new AppError('WITHDRAW_EMAIL_REQUIRED');
  await requireSecondStep(context, memberId, { totpCode: codes.totpCode, passkey: codes.passkey });
  const outcome = await context.db.transaction(async (tx) => {
    if ((await checkCode(tx, context, email, CodePurpose.SECURITY, codes.code)) !== 'ok') return null;
    return { value: await change(tx) };
  });
  if (!outcome) throw new AppError('CODE_INVALID');
  return outcome.value;
}

/** The checked destination: a network the programme pays on, never one of its own addresses. */
function checkedDestination(context: AddressBookContext, chainId: number, raw: string) {
  if (!context.chains.chains.some((chain) => chain.chainId === chainId)) throw new AppError('CHANNEL_NOT_OPEN');
  const address = getAddress(raw);
  if (programmeAddresses(context.chains).has(address)) throw new AppError('WITHDRAW_ADDRESS_NOT_ALLOWED');
  return address;
}

/** `/api/wdaddr/add`: saves an address, locked for `lockHours`, and mails the member a cancel link. */
export async function addAddress(
  context: AddressBookContext,
  locale: LocaleCode,
  memberId: string,
  request: TAddressAddRequest,
  actor: Actor,
): Promise<TSavedAddress> {
  const { chainId, label } = request;
  const address = checkedDestination(context, chainId, request.address);
  // Refused before any code is used: a duplicate or a full book (checked again under the lock).
  const [{ total } = { total: 0 }] = await context.db
    .select({ total: count() })
    .from(withdrawalAddresses)
    .where(activeOf(memberId));
  if (total >= ADDRESS_BOOK_MAX) throw new AppError('ADDRESS_BOOK_FULL', { max: ADDRESS_BOOK_MAX });
  const token = createToken();
  let row: AddressRow;
  try {
    row = await securityChange(context, memberId, request, async (tx) => {
      await lockSettings(tx, memberId);
      const active = await tx.select().from(withdrawalAddresses).where(activeOf(memberId));
      if (active.some((saved) => saved.chainId === chainId && saved.address === address)) {
        throw new AppError('ADDRESS_ALREADY_SAVED');
      }
      if (active.length >= ADDRESS_BOOK_MAX) throw new AppError('ADDRESS_BOOK_FULL', { max: ADDRESS_BOOK_MAX });
      const now = context.clock.now();
      const [created] = await tx
        .insert(withdrawalAddresses)
        .values({
          memberId,
          chainId,
          address,
          label,
          createdAt: now,
          usableAt: new Date(now.getTime() + context.lockHours * 3_600_000),
          cancelTokenHash: hashToken(token),
        })
        .returning();
      if (!created) throw new Error('address insert returned nothing');
      await recordSecurityEvent(tx, {
        memberId,
        kind: SecurityEventKind.ADDRESS_ADDED,
        at: now,
        detail: eventDetail(created),
        ...actor,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ADDRESS_ALREADY_SAVED');
    throw error;
  }
  await mailAdded(context, locale, memberId, row, token);
  return toSavedAddress(context.chains, row, context.clock.now());
}

/** After the commit: losing this mail strands nothing (the member still removes the address in the app). */
async function mailAdded(
  context: AddressBookContext,
  locale: LocaleCode,
  memberId: string,
  row: AddressRow,
  token: string,
) {
  const email = await memberEmail(context.db, memberId);
  if (!email) return;
  const link = `${context.publicUrl.replace(/\/+$/, '')}/#/pages/asset/withdraw/address-cancel?token=${token}`;
  const mail = renderAddressAddedMail(locale, email, {
    label: row.label,
    network: chainName(context.chains, row.chainId),
    address: row.address,
    usableAt: row.usableAt,
    link,
  });
  try {
    await context.mailer.send(mail);
  } catch (error) {
    context.logger.error({ err: error, template: mail.template }, 'address-added mail failed');
  }
}

/** `/api/wdaddr/remove`: removes one of the member's own saved addresses (another's reads as missing); answers it. */
export async function removeAddress(
  context: AddressBookContext,
  memberId: string,
  id: string,
  actor: Actor,
): Promise<TSavedAddress> {
  const at = context.clock.now();
  const removed = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawalAddresses)
      .set({ removedAt: at, removedBy: 'member' })
      .where(and(eq(withdrawalAddresses.id, BigInt(id)), activeOf(memberId)))
      .returning();
    if (!row) throw new AppError('ADDRESS_NOT_FOUND');
    await recordSecurityEvent(tx, {
      memberId,
      kind: SecurityEventKind.ADDRESS_REMOVED,
      at,
      detail: eventDetail(row),
      ...actor,
    });
    return row;
  });
  return toSavedAddress(context.chains, removed, at);
}

/** `/api/wdaddr/setOnly`: turns "address book only" on or off (a security change: both codes). */
export async function setAddressBookOnly(
  context: AddressBookContext,
  memberId: string,
  request: TAddressBookOnlyRequest,
  actor: Actor,
): Promise<TAddressBookResponse> {
  await securityChange(context, memberId, request, async (tx) => {
    const was = await lockSettings(tx, memberId);
    if (was === request.on) return;
    const at = context.clock.now();
    await tx
      .update(withdrawalAddressSettings)
      .set({ addressBookOnly: request.on, updatedAt: at })
      .where(eq(withdrawalAddressSettings.memberId, memberId));
    const kind = request.on ? SecurityEventKind.ADDRESS_BOOK_ONLY_ON : SecurityEventKind.ADDRESS_BOOK_ONLY_OFF;
    await recordSecurityEvent(tx, { memberId, kind, at, ...actor });
  });
  return listAddresses(context, memberId);
}

/**
 * What the address book asks of a withdrawal, inside its transaction: a saved address still locked
 * is refused (ADDRESS_LOCKED, with the time it unlocks); with "address book only" on, an address not
 * saved is refused (ADDRESS_NOT_IN_BOOK). The rows read are share-locked, so a concurrent removal or
 * change of the setting waits for the withdrawal's decision.
 */
export async function checkWithdrawalAddress(
  tx: Transaction,
  input: { memberId: string; chainId: number; address: string; now: Date },
): Promise<void> {
  const [settings] = await tx
    .select({ on: withdrawalAddressSettings.addressBookOnly })
    .from(withdrawalAddressSettings)
    .where(eq(withdrawalAddressSettings.memberId, input.memberId))
    .for('share');
  const [saved] = await tx
    .select({ usableAt: withdrawalAddresses.usableAt })
    .from(withdrawalAddresses)
    .where(
      and(
        activeOf(input.memberId),
        eq(withdrawalAddresses.chainId, input.chainId),
        eq(withdrawalAddresses.address, input.address),
      ),
    )
    .for('share');
  if (saved && saved.usableAt > input.now) throw new AppError('ADDRESS_LOCKED', { time: formatUtc(saved.usableAt) });
  if (settings?.on && !saved) throw new AppError('ADDRESS_NOT_IN_BOOK');
}
