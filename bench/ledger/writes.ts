/**
 * The single-member money writes of the ledger benchmark besides the exchange (Step 9 §2): income
 * transfer, pledge, investment plan join, KLK package purchase and withdrawal request. Each is a
 * real member request to the real server, with its own requestId; each kind knows how to prepare
 * its requests before a load phase (never during one) and how to count, from a member's balances
 * afterwards, the writes the ledger holds.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  computeWithdrawFee,
  type TKlkPackagesResponse,
  type TPlanProductsResponse,
  type TWithdrawChannelsResponse,
} from '@kpc/shared';
import {
  bucketsOf,
  call,
  createEmailMember,
  createWalletMember,
  fund,
  mailedCode,
  mapLimit,
  units,
  type Member,
  type PreparedRequest,
} from './api.ts';

export type WriteKey = 'exchange' | 'transfer' | 'pledge' | 'plan-join' | 'klk' | 'withdraw';

export interface WriteKind {
  key: WriteKey;
  /** Names the scenario in the table. */
  title: string;
  /** What the ledger check counts. */
  noun: string;
  path: string;
  /**
   * Each request is the only one of a member made while preparing: a KLK tier is bought once, and
   * a withdrawal uses the member's one emailed code (a new one only after a minute's cooldown).
   */
  oneShot: boolean;
  /** Runs on a server with the embedded chain: a withdrawal needs an open channel whose node answers. */
  chain: boolean;
}

export const WRITE_KINDS: Record<WriteKey, WriteKind> = {
  exchange: {
    key: 'exchange',
    title: 'exchange confirm',
    noun: 'exchanges',
    path: '/api/exchange/confirm',
    oneShot: false,
    chain: false,
  },
  transfer: {
    key: 'transfer',
    title: 'income transfer',
    noun: 'transfers',
    path: '/api/ass/transfer',
    oneShot: false,
    chain: false,
  },
  pledge: { key: 'pledge', title: 'pledge', noun: 'pledges', path: '/api/plan/pledge', oneShot: false, chain: false },
  'plan-join': {
    key: 'plan-join',
    title: 'investment plan join',
    noun: 'plan orders',
    path: '/api/plan/join',
    oneShot: false,
    chain: false,
  },
  klk: {
    key: 'klk',
    title: 'KLK package purchase',
    noun: 'purchases',
    path: '/api/klk/buy',
    oneShot: true,
    chain: false,
  },
  withdraw: {
    key: 'withdraw',
    title: 'withdrawal request',
    noun: 'withdrawals',
    path: '/api/withdraw/apply',
    oneShot: true,
    chain: true,
  },
};

export const WRITE_KEYS = Object.keys(WRITE_KINDS) as WriteKey[];

/** What the ledger holds of one member's writes, from the member's balances. */
export interface Applied {
  applied: number;
  /** The balances are what `applied` whole writes leave (nothing half-applied, nothing else moved). */
  balanced: boolean;
}

export interface WriteDriver {
  kind: WriteKind;
  /** Every member of the scenario; one-shot kinds add one per request prepared. */
  members: Member[];
  /** `count` requests; members in turn (consecutive requests belong to different members) or fresh ones. */
  prepare(count: number, concurrency?: number): Promise<PreparedRequest[]>;
  applied(member: Member): Promise<Applied>;
}

/** USDT, KPC: what a reusable member is funded with (the faucet's most per call). */
const FUNDS = '1000000';
/** USDT a withdrawing member is funded with: the withdrawal and its fee come out of it. */
const WITHDRAW_FUNDS = '100';

/** `spent` as whole writes of `unit` each. */
function whole(spent: bigint, unit: bigint, balanced = true): Applied {
  const applied = spent >= 0n ? Number(spent / unit) : 0;
  return { applied, balanced: balanced && spent >= 0n && spent % unit === 0n };
}

/** A body per request with a fresh requestId, from `members` in turn. */
function rotation(members: readonly Member[], body: () => Record<string, unknown>) {
  let next = 0;
  return (count: number): PreparedRequest[] =>
    Array.from({ length: count }, () => {
      const member = members[next++ % members.length] as Member;
      return {
        member: member.index,
        token: member.token,
        body: JSON.stringify({ ...body(), requestId: randomUUID() }),
      };
    });
}

async function walletMembers(
  base: string,
  count: number,
  inviteCode: string,
  setup: (member: Member) => Promise<void>,
): Promise<Member[]> {
  return mapLimit(
    Array.from({ length: count }, (_, index) => index),
    8,
    async (index) => {
      const member = await createWalletMember(base, index, inviteCode);
      await setup(member);
      return member;
    },
  );
}

/**
 * The driver of one write kind on the server at `base`: reusable kinds sign in and fund `members`
 * members now; one-shot kinds only read the terms now and make their members while preparing.
 */
export async function createDriver(
  key: Exclude<WriteKey, 'exchange'>,
  base: string,
  options: { members: number; inviteCode: string },
): Promise<WriteDriver> {
  const kind = WRITE_KINDS[key];
  const { inviteCode } = options;
  switch (key) {
    case 'transfer': {
      // Released income to move: 1 USDT income -> available per transfer.
      const members = await walletMembers(base, options.members, inviteCode, (member) =>
        fund(base, member, 'USDT', FUNDS, 'income'),
      );
      const amount = units('1');
      return {
        kind,
        members,
        prepare: async (count) => rotation(members, () => ({ asset: 'USDT', amount: '1' }))(count),
        async applied(member) {
          const usdt = await bucketsOf(base, member, 'USDT');
          const spent = units(FUNDS) - usdt.income;
          return whole(spent, amount, usdt.available === spent && usdt.frozen === 0n);
        },
      };
    }
    case 'pledge': {
      const members = await walletMembers(base, options.members, inviteCode, (member) =>
        fund(base, member, 'KPC', FUNDS),
      );
      const products = await call<TPlanProductsResponse>(base, '/api/plan/products', {});
      const term = products.pledgeTerms[0];
      if (!term) throw new Error('no pledge term on sale');
      const amount = units(term.minAmount);
      // The term as the app shows it, so a changed term would be refused (PRICE_CHANGED), as for a member.
      const body = {
        termId: term.id,
        amount: term.minAmount,
        dailyRate: term.dailyRate,
        earlyRedemptionPenaltyRate: term.earlyRedemptionPenaltyRate,
      };
      const next = rotation(members, () => body);
      return {
        kind,
        members,
        prepare: async (count) => next(count),
        async applied(member) {
          const kpc = await bucketsOf(base, member, 'KPC');
          return whole(kpc.staked, amount, kpc.available + kpc.staked === units(FUNDS) && kpc.frozen === 0n);
        },
      };
    }
    case 'plan-join': {
      const members = await walletMembers(base, options.members, inviteCode, (member) =>
        fund(base, member, 'USDT', FUNDS),
      );
      const products = await call<TPlanProductsResponse>(base, '/api/plan/products', {});
      const product = products.investment[0];
      if (!product) throw new Error('no investment product on sale');
      const amount = units(product.minAmount);
      const next = rotation(members, () => ({ productId: product.id, amount: product.minAmount }));
      return {
        kind,
        members,
        prepare: async (count) => next(count),
        async applied(member) {
          const usdt = await bucketsOf(base, member, 'USDT');
          return whole(units(FUNDS) - usdt.available, amount, usdt.frozen === 0n);
        },
      };
    }
    case 'klk': {
      // The lowest tier, bought once by each member (a tier held cannot be bought again).
      const [reader] = await walletMembers(base, 1, inviteCode, async () => undefined);
      const { tiers } = await call<TKlkPackagesResponse>(base, '/api/klk/packages', {}, reader?.token);
      const tier = tiers[0];
      if (!tier?.payNow) throw new Error('no KLK tier on sale');
      const price = tier.payNow;
      const members: Member[] = [];
      return {
        kind,
        members,
        async prepare(count, concurrency = 16) {
          const made = await mapLimit(Array.from({ length: count }), concurrency, async () => {
            const member = await createWalletMember(base, 0, inviteCode);
            await fund(base, member, 'USDT', price);
            return member;
          });
          return made.map((member) => {
            member.index = members.push(member) - 1;
            return {
              member: member.index,
              token: member.token,
              body: JSON.stringify({ tierId: tier.id, amount: price, requestId: randomUUID() }),
            };
          });
        },
        async applied(member) {
          const usdt = await bucketsOf(base, member, 'USDT');
          const spent = units(price) - usdt.available;
          return {
            applied: spent === 0n ? 0 : 1,
            balanced: (spent === 0n || spent === units(price)) && usdt.frozen === 0n,
          };
        },
      };
    }
    case 'withdraw': {
      const [reader] = await walletMembers(base, 1, inviteCode, async () => undefined);
      const { list } = await call<TWithdrawChannelsResponse>(base, '/api/withdraw/channels', {}, reader?.token);
      const channel = list.find((entry) => entry.status === 'open' && entry.asset === 'USDT');
      if (!channel) throw new Error(`no open USDT withdrawal channel: ${JSON.stringify(list)}`);
      const total = units(
        computeWithdrawFee({
          amount: channel.minimum,
          available: WITHDRAW_FUNDS,
          feeRate: channel.feeRate,
          minFee: channel.minFee,
          decimals: channel.decimals,
        }).total,
      );
      const members: Member[] = [];
      return {
        kind,
        members,
        async prepare(count, concurrency = 16) {
          // An email member (registration with a mailed code), funded, with a withdrawal code mailed and read.
          const made = await mapLimit(Array.from({ length: count }), concurrency, async () => {
            const member = await createEmailMember(base, 0, inviteCode);
            await fund(base, member, 'USDT', WITHDRAW_FUNDS);
            await call(base, '/api/withdraw/sendCode', {}, member.token);
            return { member, code: await mailedCode(base, member.email ?? '') };
          });
          return made.map(({ member, code }) => {
            member.index = members.push(member) - 1;
            return {
              member: member.index,
              token: member.token,
              body: JSON.stringify({
                requestId: randomUUID(),
                chainId: channel.chainId,
                asset: channel.asset,
                address: `0x${randomBytes(20).toString('hex')}`,
                amount: channel.minimum,
                code,
                // The fee terms the form showed.
                feeRate: channel.feeRate,
                minFee: channel.minFee,
              }),
            };
          });
        },
        async applied(member) {
          const usdt = await bucketsOf(base, member, 'USDT');
          return whole(usdt.frozen, total, usdt.available + usdt.frozen === units(WITHDRAW_FUNDS));
        },
      };
    }
  }
}
