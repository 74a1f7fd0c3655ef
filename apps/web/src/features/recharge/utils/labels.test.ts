import { ChannelStatus, DepositMethod, DepositStatus } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import zhHans from '@/locales/zh-Hans.json';
import {
  formatConfirmations,
  getChannelRefusalKey,
  getChannelStatusKey,
  getDepositMethodKey,
  getDepositStatusKey,
  readChannelParam,
  SENT_STATUS,
  shortenHash,
} from './labels.ts';

function readKey(key: string, messages: object = en): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe('labels of the deposit page', () => {
  it('name every method, channel state and deposit state', () => {
    const methods = Object.values(DepositMethod).map((method) => readKey(getDepositMethodKey(method)));
    expect(methods).toEqual(['Recharge', 'Deposit']);
    const channels = Object.values(ChannelStatus).map((status) => readKey(getChannelStatusKey(status)));
    expect(channels).toEqual(['Open', 'Paused', 'Not open yet']);
    const deposits = [SENT_STATUS, ...Object.values(DepositStatus)].map((status) =>
      readKey(getDepositStatusKey(status)),
    );
    expect(deposits).toEqual(['Sent', 'Confirming', 'Credited', 'Below minimum', 'Dropped by the network']);
    const chinese = Object.values(DepositStatus).map((status) => readKey(getDepositStatusKey(status), zhHans));
    expect(chinese).toEqual(['确认中', '已到账', '低于最低金额', '已被网络回滚']);
  });

  it('fall back to a generic label for codes a later server adds', () => {
    expect(getDepositMethodKey('card')).toBe('recharge.methods.other');
    expect(getDepositStatusKey('refunded')).toBe('recharge.statuses.other');
    expect(getDepositStatusKey('toString')).toBe('recharge.statuses.other');
    expect(getChannelStatusKey('closing')).toBe('recharge.channelStatuses.not_open');
  });

  it('refuse a paused or unopened channel with the SPEC §8 texts', () => {
    expect(getChannelRefusalKey(ChannelStatus.OPEN)).toBeNull();
    expect(readKey(getChannelRefusalKey(ChannelStatus.PAUSED) ?? '')).toBe(
      'The current channel is temporarily unavailable.',
    );
    expect(readKey(getChannelRefusalKey(ChannelStatus.NOT_OPEN) ?? '')).toBe('This channel is not open yet.');
    expect(getChannelRefusalKey('closing')).toBe('recharge.channelNotOpen');
  });

  it('keep one name per method in every language: Recharge (wallet) and Deposit (address)', () => {
    const chinese = Object.values(DepositMethod).map((method) => readKey(getDepositMethodKey(method), zhHans));
    expect(chinese).toEqual(['充值', '充币']);
    expect(readKey(getDepositMethodKey(DepositMethod.WALLET))).toBe(readKey('home.tiles.recharge'));
    expect(readKey(getDepositMethodKey(DepositMethod.TRANSFER))).toBe(readKey('home.tiles.deposit'));
    expect(readKey(getDepositMethodKey(DepositMethod.WALLET), zhHans)).toBe(readKey('home.tiles.recharge', zhHans));
    expect(readKey(getDepositMethodKey(DepositMethod.TRANSFER), zhHans)).toBe(readKey('home.tiles.deposit', zhHans));
  });

  it('read ?channel= as a channel or only a method', () => {
    expect(readChannelParam('31337-wallet')).toEqual({ channelId: '31337-wallet', method: 'wallet' });
    expect(readChannelParam('56-transfer')).toEqual({ channelId: '56-transfer', method: 'transfer' });
    expect(readChannelParam('wallet')).toEqual({ channelId: null, method: 'wallet' });
    expect(readChannelParam('transfer')).toEqual({ channelId: null, method: 'transfer' });
    expect(readChannelParam(null)).toEqual({ channelId: null, method: null });
    expect(readChannelParam('')).toEqual({ channelId: null, method: null });
    expect(readChannelParam('1-card')).toEqual({ channelId: '1-card', method: null });
  });

  it('show confirmations as n/20, never beyond what is required', () => {
    expect(formatConfirmations(0, 20)).toBe('0/20');
    expect(formatConfirmations(7, 20)).toBe('7/20');
    expect(formatConfirmations(25, 20)).toBe('20/20');
    expect(formatConfirmations(-1, 20)).toBe('0/20');
  });

  it('shorten a transaction hash to its ends', () => {
    expect(shortenHash(`0x1234${'0'.repeat(56)}abcd`)).toBe('0x1234…abcd');
    expect(shortenHash('0x1234')).toBe('0x1234');
  });
});
