import {
  AppError,
  CodePurpose,
  maskAddress,
  PASSKEY_MAX_COUNT,
  SecurityEventKind,
  type TPasskey,
  type TPasskeyCreationOptions,
  type TPasskeyList,
  type TPasskeyRegisterOptionsRequest,
  type TPasskeyRegisterRequest,
  type TPasskeyRemoveRequest,
  type TPasskeyRenameRequest,
} from '@kpc/shared';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { memberPasskeys } from '../../db/schema/index.ts';
import { checkCode } from '../account/codes.ts';
import { recordSecurityEvent, type ClientInfo } from '../account/security-events.ts';
import {
  activePasskeys,
  CEREMONY_TIMEOUT_MS,
  liveChallenge,
  spendChallenge,
  storeChallenge,
  transportsOf,
  type PasskeyRow,
} from './passkey-step.ts';
import { memberContact, requireSecondStep, type TwoStepContext } from './service.ts';

/**
 * Adding, naming and removing a member's passkeys (Step 11 §2). Adding or removing one is a change
 * of security settings: the emailed code (when the account has an email) and, when two-step
 * verification is already on, its second step. The registration challenge is granted only once
 * those were checked, and it is what lets the browser's new credential in, within 5 minutes.
 */

/** The name shown in the authenticator's own list of passkeys. */
const RP_NAME = 'KPC';
const DEFAULT_NAME = 'Passkey';

type Actor = { client: ClientInfo; sessionId: string };

const view = (row: PasskeyRow): TPasskey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** `/api/2fa/passkey/list`: the member's own passkeys. */
export async function listPasskeys(context: TwoStepContext, memberId: string): Promise<TPasskeyList> {
  return { list: (await activePasskeys(context.db, memberId)).map(view) };
}

/**
 * Checks the emailed code (used up in `tx` when right; a wrong try counts against it), then does
 * `change` in the same transaction. CODE_INVALID when the account has an email and the code is not it.
 */
async function withEmailCode(
  context: TwoStepContext,
  email: string | null,
  emailCode: string | undefined,
  change: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const checked = await context.db.transaction(async (tx) => {
    const result = email ? await checkCode(tx, context, email, CodePurpose.SECURITY, emailCode!) : 'ok';
    if (result === 'ok') await change(tx);
    return result;
  });
  if (checked !== 'ok') throw new AppError('CODE_INVALID');
}

/** `/api/2fa/passkey/registerOptions`: the codes of a security change, then a challenge for the new passkey. */
export async function registrationOptions(
  context: TwoStepContext,
  memberId: string,
  request: TPasskeyRegisterOptionsRequest,
): Promise<TPasskeyCreationOptions> {
  const keys = await activePasskeys(context.db, memberId);
  if (keys.length >= PASSKEY_MAX_COUNT) throw new AppError('PASSKEY_LIMIT', { max: PASSKEY_MAX_COUNT });
  const { email, walletAddress } = await memberContact(context.db, memberId);
  if (email && !request.emailCode) throw new AppError('CODE_INVALID');
  await requireSecondStep(context, memberId, request);
  const account = email ?? maskAddress(walletAddress ?? memberId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: context.webauthn.rpId,
    userName: account,
    userDisplayName: account,
    // The member's id, not their email: the authenticator may show or sync the handle.
    userID: new TextEncoder().encode(memberId),
    attestationType: 'none',
    excludeCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await withEmailCode(context, email, request.emailCode, (tx) =>
    storeChallenge(tx, context.clock, memberId, 'register', options.challenge),
  );
  return options as TPasskeyCreationOptions;
}

/** `/api/2fa/passkey/register`: the browser's new credential, for the challenge just granted. */
export async function registerPasskey(
  context: TwoStepContext,
  memberId: string,
  request: TPasskeyRegisterRequest,
  actor: Actor,
): Promise<TPasskey> {
  const challenge = await liveChallenge(context, memberId, 'register', request.response.response.clientDataJSON);
  let credential;
  try {
    const result = await verifyRegistrationResponse({
      response: request.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: context.webauthn.origins,
      expectedRPID: context.webauthn.rpId,
      requireUserVerification: false,
    });
    if (!result.verified) throw new Error('attestation');
    credential = result.registrationInfo.credential;
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
  const at = context.clock.now();
  const name = request.name ?? actor.client.device?.slice(0, 40) ?? DEFAULT_NAME;
  return context.db.transaction(async (tx) => {
    await spendChallenge(tx, challenge.id, at);
    if ((await activePasskeys(tx, memberId)).length >= PASSKEY_MAX_COUNT) {
      throw new AppError('PASSKEY_LIMIT', { max: PASSKEY_MAX_COUNT });
    }
    const [row] = await tx
      .insert(memberPasskeys)
      .values({
        memberId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: (credential.transports ?? []).slice(0, 10),
        name,
        createdAt: at,
      })
      .onConflictDoNothing({ target: memberPasskeys.credentialId })
      .returning();
    if (!row) throw new AppError('PASSKEY_ALREADY_ADDED');
    await recordSecurityEvent(tx, { memberId, kind: SecurityEventKind.PASSKEY_ADDED, at, detail: name, ...actor });
    return view(row);
  });
}

async function ownPasskey(context: TwoStepContext, memberId: string, id: string): Promise<PasskeyRow> {
  const [row] = await context.db
    .select()
    .from(memberPasskeys)
    .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.memberId, memberId), isNull(memberPasskeys.removedAt)));
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return row;
}

/** `/api/2fa/passkey/rename`: only its label changes, so no codes. */
export async function renamePasskey(
  context: TwoStepContext,
  memberId: string,
  request: TPasskeyRenameRequest,
): Promise<TPasskey> {
  await ownPasskey(context, memberId, request.id);
  const [row] = await context.db
    .update(memberPasskeys)
    .set({ name: request.name })
    .where(and(eq(memberPasskeys.id, request.id), eq(memberPasskeys.memberId, memberId)))
    .returning();
  return view(row!);
}

/** `/api/2fa/passkey/remove`: a security change, so the emailed code and the second step. */
export async function removePasskey(
  context: TwoStepContext,
  memberId: string,
  request: TPasskeyRemoveRequest,
  actor: Actor,
): Promise<TPasskeyList> {
  const key = await ownPasskey(context, memberId, request.id);
  const { email } = await memberContact(context.db, memberId);
  if (email && !request.emailCode) throw new AppError('CODE_INVALID');
  await requireSecondStep(context, memberId, request);
  await withEmailCode(context, email, request.emailCode, async (tx) => {
    const at = context.clock.now();
    const [removed] = await tx
      .update(memberPasskeys)
      .set({ removedAt: at })
      .where(and(eq(memberPasskeys.id, key.id), isNull(memberPasskeys.removedAt)))
      .returning({ id: memberPasskeys.id });
    if (!removed) throw new AppError('PASSKEY_NOT_FOUND');
    await recordSecurityEvent(tx, {
      memberId,
      kind: SecurityEventKind.PASSKEY_REMOVED,
      at,
      detail: key.name,
      ...actor,
    });
  });
  return listPasskeys(context, memberId);
}
