import {
  AppError,
  LoginType,
  SecurityEventKind,
  SignInMethod,
  WALLET_CLOCK_SKEW_SECONDS,
  WALLET_NONCE_TTL_SECONDS,
  buildWalletSignStatement,
  type TAuthResponse,
  type TLoginResponse,
  type TWalletSignIntent,
} from '@kpc/shared';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { isAddress, verifyMessage, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { members, walletNonces } from '../../db/schema/index.ts';
import { toStoredAddress, toWireAddress } from '../../lib/address.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCode, hashToken } from '../../lib/crypto.ts';
import { recordSecurityEvent, type ClientInfo } from './security-events.ts';
import { insertMemberWithInviteCode } from './service.ts';
import { createSession, type SessionPolicy } from './sessions.ts';

export interface WalletContext {
  db: Database;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  /** EIP-4361 domains (hosts) a message may name: where the member app is served. */
  domains: readonly string[];
  allowedChainIds: readonly number[];
}

/** EIP-4361 nonces are alphanumeric; 32 characters of 62 carry about 190 bits. */
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NONCE_LENGTH = 32;
/** Expired nonces are kept this long (for inspection), then deleted while issuing new ones. */
const NONCE_RETENTION_MS = 24 * 3600 * 1000;

/**
 * `/api/acc/auth`: a single-use nonce for the wallet to sign, valid WALLET_NONCE_TTL_SECONDS. A
 * logged-in caller's session is kept with it: only that session may bind a wallet with it.
 */
export async function issueWalletNonce(
  { db, clock }: WalletContext,
  sessionId: string | undefined,
): Promise<TAuthResponse> {
  const nonce = createCode(NONCE_ALPHABET, NONCE_LENGTH);
  const now = clock.now();
  await db.insert(walletNonces).values({
    nonceHash: hashToken(nonce),
    createdAt: now,
    expiresAt: new Date(now.getTime() + WALLET_NONCE_TTL_SECONDS * 1000),
    sessionId: sessionId ?? null,
  });
  await db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(now.getTime() - NONCE_RETENTION_MS)));
  return { auth: nonce };
}

interface SignedMessage {
  random: string;
  sign: string;
  address: string;
}

interface VerifiedMessage {
  nonce: string;
  /** Lower-case, as stored. */
  address: string;
}

/**
 * Checks a signed EIP-4361 message without touching the database: the signature is the
 * address's, and the message is exactly what our app builds for `intent` (statement — naming the
 * account for a binding —, domain, URI, version, an allowed chain, issued now-ish, expiring within
 * the nonce's lifetime).
 */
export async function verifySignedMessage(
  context: WalletContext,
  intent: TWalletSignIntent,
  { random, sign, address }: SignedMessage,
): Promise<VerifiedMessage> {
  const message = parseSiweMessage(random);
  // Only a message in canonical form is accepted, so no two texts mean the same sign-in.
  let canonical = '';
  try {
    canonical = createSiweMessage(message as Parameters<typeof createSiweMessage>[0]);
  } catch {
    throw new AppError('WALLET_SIGNATURE_INVALID');
  }
  const signer = message.address;
  if (canonical !== random || !signer || !isAddress(address) || toStoredAddress(signer) !== toStoredAddress(address)) {
    throw new AppError('WALLET_SIGNATURE_INVALID');
  }
  const isSigned = await verifyMessage({ address: signer, message: random, signature: sign as Hex }).catch(() => false);
  if (!isSigned) throw new AppError('WALLET_SIGNATURE_INVALID');

  const { domain, uri, statement, version, chainId, nonce, issuedAt, expirationTime, notBefore } = message;
  const url = uri !== undefined && URL.canParse(uri) ? new URL(uri) : null;
  const isOurs =
    version === '1' &&
    statement === buildWalletSignStatement(intent) &&
    domain !== undefined &&
    context.domains.includes(domain) &&
    url !== null &&
    ['http:', 'https:'].includes(url.protocol) &&
    url.host === domain;
  if (!isOurs || !nonce || !issuedAt || !expirationTime) throw new AppError('WALLET_SIGNATURE_INVALID');
  if (chainId === undefined || !context.allowedChainIds.includes(chainId)) {
    throw new AppError('WALLET_WRONG_NETWORK', { list: context.allowedChainIds.join(',') });
  }

  const now = context.clock.now().getTime();
  const skewMs = WALLET_CLOCK_SKEW_SECONDS * 1000;
  const lifetimeMs = expirationTime.getTime() - issuedAt.getTime();
  if (issuedAt.getTime() > now + skewMs || lifetimeMs <= 0 || lifetimeMs > WALLET_NONCE_TTL_SECONDS * 1000 + skewMs) {
    throw new AppError('WALLET_SIGNATURE_INVALID');
  }
  // An expired message or one not yet valid is a stale request: the member simply signs again.
  if (expirationTime.getTime() <= now || (notBefore && notBefore.getTime() > now)) {
    throw new AppError('WALLET_NONCE_INVALID');
  }
  return { nonce, address: toStoredAddress(signer) };
}

/**
 * Marks the nonce used; fails if it is unknown, used or expired, or — when `sessionId` is given —
 * was issued to another session or to none. Atomic, so one use wins a race.
 */
async function consumeNonce(tx: Executor, clock: Clock, nonce: string, sessionId?: string): Promise<void> {
  const now = clock.now();
  const conditions = [
    eq(walletNonces.nonceHash, hashToken(nonce)),
    isNull(walletNonces.usedAt),
    gt(walletNonces.expiresAt, now),
  ];
  if (sessionId !== undefined) conditions.push(eq(walletNonces.sessionId, sessionId));
  const used = await tx
    .update(walletNonces)
    .set({ usedAt: now })
    .where(and(...conditions))
    .returning({ id: walletNonces.id });
  if (used.length === 0) throw new AppError('WALLET_NONCE_INVALID');
}

async function findMemberByWallet(db: Executor, storedAddress: string) {
  const [member] = await db.select().from(members).where(eq(members.walletAddress, storedAddress)).limit(1);
  return member;
}

/** The inviter named by `inviteAddress`: a member's wallet address, or an invitation code. */
async function findInviter(db: Executor, inviteAddress: string) {
  const condition = isAddress(inviteAddress, { strict: false })
    ? eq(members.walletAddress, toStoredAddress(inviteAddress))
    : eq(members.inviteCode, inviteAddress.toUpperCase());
  const [inviter] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(condition, ne(members.status, 'disabled')))
    .limit(1);
  if (!inviter) throw new AppError('INVITER_NOT_FOUND');
  return inviter;
}

/**
 * `/api/acc/login` (SPEC §7): a verified message signs the member in; a new address becomes a
 * member under the inviter named by `inviteAddress`. The nonce is consumed in the same
 * transaction, so any failure leaves it usable by its owner.
 */
export async function loginWithWallet(
  context: WalletContext,
  input: SignedMessage & { inviteAddress?: string | undefined },
  client: ClientInfo,
): Promise<TLoginResponse> {
  const { nonce, address } = await verifySignedMessage(context, { purpose: 'login' }, input);
  const attempt = () =>
    context.db.transaction(async (tx) => {
      await consumeNonce(tx, context.clock, nonce);
      let member = await findMemberByWallet(tx, address);
      const isNew = !member;
      if (!member) {
        if (!input.inviteAddress) throw new AppError('WALLET_INVITE_REQUIRED');
        const inviter = await findInviter(tx, input.inviteAddress);
        member = await insertMemberWithInviteCode(tx, { walletAddress: address, referrerId: inviter.id });
      }
      if (member.status !== 'active') throw new AppError('FORBIDDEN');
      const token = await createSession(tx, context.clock, context.sessionPolicy, member.id, LoginType.WALLET, {
        client,
        method: SignInMethod.WALLET,
      });
      return { token, address: toWireAddress(member.walletAddress), isNew };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins of one address at once: the loser's transaction rolled back, its nonce
    // is still unused, and the member now exists, so once more signs it in.
    if (isUniqueViolation(error, 'members_wallet_address_key')) return attempt();
    throw error;
  }
}

/**
 * `/api/acc/bindWallet`: binds the signing wallet to the logged-in member. The message must name
 * this member's account (its invitation code) and carry a nonce issued to this very session, so a
 * signature made for one member cannot be replayed by another. An address belongs to one member;
 * a member keeps the wallet it bound (binding the same one again is a no-op).
 */
export async function bindWallet(
  context: WalletContext,
  session: { sessionId: string; memberId: string },
  input: SignedMessage,
  client: ClientInfo,
): Promise<{ address: string }> {
  const { memberId, sessionId } = session;
  const [account] = await context.db
    .select({ inviteCode: members.inviteCode })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!account) throw new AppError('UNAUTHORIZED');
  const intent = { purpose: 'bind', account: account.inviteCode } as const;
  const { nonce, address } = await verifySignedMessage(context, intent, input);
  try {
    return await context.db.transaction(async (tx) => {
      await consumeNonce(tx, context.clock, nonce, sessionId);
      const [member] = await tx.select().from(members).where(eq(members.id, memberId)).limit(1).for('update');
      if (!member) throw new AppError('UNAUTHORIZED');
      if (member.walletAddress === address) return { address: toWireAddress(address) };
      if (member.walletAddress) throw new AppError('WALLET_ALREADY_BOUND');
      if (await findMemberByWallet(tx, address)) throw new AppError('WALLET_ADDRESS_TAKEN');
      await tx.update(members).set({ walletAddress: address }).where(eq(members.id, memberId));
      await recordSecurityEvent(tx, {
        memberId,
        kind: SecurityEventKind.WALLET_BOUND,
        at: context.clock.now(),
        client,
        sessionId,
        detail: toWireAddress(address),
      });
      return { address: toWireAddress(address) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'members_wallet_address_key')) throw new AppError('WALLET_ADDRESS_TAKEN');
    throw error;
  }
}
