import { randomUUID } from 'node:crypto';
import {
  buildWalletMessage,
  LEDGER_SCALE,
  parseDecimal,
  VERIFICATION_CODE_LENGTH,
  type TAssetListResponse,
} from '@kpc/shared';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** The wire envelope of every answer. */
export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Member {
  index: number;
  token: string;
  /** The wallet signed in with, or '' for an email member. */
  address: string;
  /** Email members only. */
  email?: string;
}

/** One request ready to send: the member's token and the JSON body (an unused quote, a fresh requestId, ...). */
export interface PreparedRequest {
  member: number;
  token: string;
  body: string;
}

/** One confirm request ready to send: the member's token and the JSON body with an unused quote. */
export type PreparedExchange = PreparedRequest;

/** `POST <base><path>` with a JSON body; throws unless the answer is code 200. */
export async function call<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let answer: Answer<T>;
  try {
    answer = JSON.parse(text) as Answer<T>;
  } catch {
    throw new Error(`${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
  if (answer.code !== 200) throw new Error(`${path}: code ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Runs `work` over `items` with at most `limit` at a time; results keep the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A new member through the real wallet sign-in, as the server tests do (apps/server/src/testing/members.ts):
 * nonce, EIP-4361 message for `base` (the server's PUBLIC_URL) on chain 137, signature, login.
 */
export async function createWalletMember(base: string, index: number, inviteCode: string): Promise<Member> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const { auth } = await call<{ auth: string }>(base, '/api/acc/auth', {});
  const random = buildWalletMessage({
    purpose: 'login',
    origin: base,
    address: wallet.address,
    chainId: 137,
    nonce: auth,
  });
  const { token } = await call<{ token: string }>(base, '/api/acc/login', {
    random,
    sign: await wallet.signMessage({ message: random }),
    address: wallet.address,
    inviteAddress: inviteCode,
  });
  return { index, token, address: wallet.address };
}

/** Credits `amount` USDT (at most 1,000,000) to the member's available balance through the dev faucet. */
export async function fundUsdt(base: string, member: Member, amount: string): Promise<void> {
  await fund(base, member, 'USDT', amount);
}

/** Credits `amount` (at most 1,000,000) of `asset` to one of the member's buckets through the dev faucet. */
export async function fund(
  base: string,
  member: Member,
  asset: string,
  amount: string,
  bucket: 'available' | 'income' = 'available',
): Promise<void> {
  await call(base, '/api/dev/faucet', { asset, amount, bucket }, member.token);
}

/**
 * The newest code mailed to `email`, read from the development mailbox (`/dev/mailbox`, the
 * outbox's newest 50 mails: read right after asking for the code). Retries briefly while it is not there.
 */
export async function mailedCode(base: string, email: string): Promise<string> {
  const line = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const page = await (await fetch(`${base}/dev/mailbox`)).text();
    const at = page.indexOf(`to ${email} `);
    if (at >= 0) {
      const text = /<pre>([\s\S]*?)<\/pre>/.exec(page.slice(at))?.[1] ?? '';
      const code = text
        .split('\n')
        .map((part) => part.trim())
        .find((part) => line.test(part));
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code mailed to ${email} in ${base}/dev/mailbox`);
}

/**
 * A new email member through the real registration: a register code mailed to a fresh address,
 * read from the development mailbox, then `/api/acc/register` (which hashes the password and answers a session).
 */
export async function createEmailMember(base: string, index: number, inviteCode: string): Promise<Member> {
  const email = `bench-${randomUUID()}@example.com`;
  await call(base, '/api/acc/sendCode', { email, purpose: 'register' });
  const code = await mailedCode(base, email);
  const password = `bench-${randomUUID()}`;
  const { token } = await call<{ token: string }>(base, '/api/acc/register', {
    email,
    password,
    confirmPassword: password,
    code,
    inviteCode,
    agreed: true,
  });
  return { index, token, address: '', email };
}

/** One asset's buckets of the member, in ledger units (18 decimals). */
export interface Buckets {
  available: bigint;
  frozen: bigint;
  income: bigint;
  locked: bigint;
  staked: bigint;
}

/** Ledger units (18 decimals) of a decimal amount as the API writes it. */
export const units = (value: string): bigint => parseDecimal(value, LEDGER_SCALE);

/** The member's buckets of `asset`, from `/api/ass/lst`. */
export async function bucketsOf(base: string, member: Member, asset: string): Promise<Buckets> {
  const { lst } = await call<TAssetListResponse>(base, '/api/ass/lst', {}, member.token);
  const row = lst.find((entry) => entry.asset === asset);
  if (!row) throw new Error(`no ${asset} row in /api/ass/lst`);
  return {
    available: units(row.available),
    frozen: units(row.frozen),
    income: units(row.income),
    locked: units(row.locked),
    staked: units(row.staked),
  };
}

/**
 * `count` distinct quotes of 1 USDT -> KPC, taken from `members` in turn (so consecutive requests
 * belong to different members), each ready as a confirm body.
 */
export async function prepareExchanges(
  base: string,
  members: readonly Member[],
  count: number,
  concurrency = 32,
): Promise<PreparedExchange[]> {
  const owners = Array.from({ length: count }, (_, i) => members[i % members.length] as Member);
  return mapLimit(owners, concurrency, async (member) => {
    const { quote } = await call<{ quote: string }>(
      base,
      '/api/exchange/quote',
      { from: 'USDT', to: 'KPC', amount: '1' },
      member.token,
    );
    return { member: member.index, token: member.token, body: JSON.stringify({ quote }) };
  });
}

/** Whole units of the member's available USDT (every exchange here spends exactly 1 USDT). */
export async function availableUsdt(base: string, member: Member): Promise<bigint> {
  const { lst } = await call<{ lst: { asset: string; available: string }[] }>(base, '/api/ass/lst', {}, member.token);
  const available = lst.find((row) => row.asset === 'USDT')?.available ?? '0';
  const [whole = '0', fraction = ''] = available.split('.');
  if (/[1-9]/.test(fraction)) throw new Error(`unexpected fractional USDT balance ${available}`);
  return BigInt(whole);
}
