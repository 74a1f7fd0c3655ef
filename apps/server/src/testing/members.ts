import { randomUUID } from 'node:crypto';
import { buildWalletMessage } from '@kpc/shared';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { HouseAccount, postEntry } from '../ledger/ledger.ts';
import { GENESIS_CODE, type TestApp } from './test-app.ts';

export interface TestMember {
  token: string;
  memberId: string;
  address: string;
  headers: { token: string };
}

/**
 * A new member signed in through the real wallet sign-in (fast: no password hashing, no mail).
 * The test app's PUBLIC_URL is the default http://localhost:8080. `inviteAddress`: the inviter's
 * invitation code or wallet address (the genesis code by default).
 */
export async function createWalletMember(
  t: TestApp,
  {
    chainId = 137,
    privateKey = generatePrivateKey(),
    inviteAddress = GENESIS_CODE,
  }: { chainId?: number; privateKey?: `0x${string}`; inviteAddress?: string } = {},
): Promise<TestMember> {
  const wallet = privateKeyToAccount(privateKey);
  const { auth } = (await t.call('/api/acc/auth', {})).data;
  const random = buildWalletMessage({
    purpose: 'login',
    origin: 'http://localhost:8080',
    address: wallet.address,
    chainId,
    nonce: auth,
    issuedAt: t.clock.now(),
  });
  const login = await t.call('/api/acc/login', {
    random,
    sign: await wallet.signMessage({ message: random }),
    address: wallet.address,
    inviteAddress,
  });
  if (login.code !== 200) throw new Error(`wallet sign-in failed: ${login.msg}`);
  const token = login.data.token as string;
  const info = await t.call('/api/acc/info', {}, { token });
  return { token, memberId: info.data.id, address: wallet.address, headers: { token } };
}

/** Credits test funds through the development faucet (a real ledger entry). */
export async function fund(
  t: TestApp,
  member: TestMember,
  asset: string,
  amount: string,
  bucket: 'available' | 'income' = 'available',
): Promise<void> {
  const answer = await t.call('/api/dev/faucet', { asset, amount, bucket }, member.headers);
  if (answer.code !== 200) throw new Error(`faucet failed: ${answer.msg}`);
}

/**
 * Credits available USDT as a credited deposit would (a ledger entry from the treasury): funds
 * that may leave through any chain, unlike faucet test funds.
 */
export async function creditAsDeposit(t: TestApp, member: TestMember, usdt: bigint): Promise<void> {
  const amount = usdt * 10n ** 18n;
  await t.database.db.transaction((tx) =>
    postEntry(tx, {
      type: 'deposit',
      idempotencyKey: `test-deposit:${member.memberId}:${randomUUID()}`,
      memberId: member.memberId,
      postings: [
        { account: { memberId: member.memberId, bucket: 'available' }, asset: 'USDT', amount },
        { account: { house: HouseAccount.TREASURY }, asset: 'USDT', amount: -amount },
      ],
    }),
  );
}
