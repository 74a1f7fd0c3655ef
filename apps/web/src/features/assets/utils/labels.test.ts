import { WithdrawStatus } from '@kpc/shared';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import zhHans from '@/locales/zh-Hans.json';
import {
  ENTRY_TYPES,
  formatSignedAmount,
  getAmountSign,
  getBucketKey,
  getEntryTypeKey,
  getRecordKindKey,
  getRecordStatusKey,
  getRecordStatusTone,
  hasWithdrawalInFlight,
  isChainRecord,
  RECORD_KINDS,
  shortenTxHash,
} from './labels.ts';

function readKey(key: string, messages: object = en): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node;
}

function hasKey(key: string): boolean {
  return typeof readKey(key) === 'string';
}

describe('labels of the asset lists', () => {
  it('have a message for every known code', () => {
    for (const type of ENTRY_TYPES) expect(hasKey(getEntryTypeKey(type))).toBe(true);
    for (const bucket of ['available', 'frozen', 'income', 'locked', 'staked']) {
      expect(hasKey(getBucketKey(bucket))).toBe(true);
    }
    for (const kind of RECORD_KINDS) expect(hasKey(getRecordKindKey(kind))).toBe(true);
    expect(hasKey(getRecordStatusKey('completed'))).toBe(true);
  });

  it('fall back to a generic label for codes a later step adds', () => {
    expect(getEntryTypeKey('dividend')).toBe('assetLog.types.other');
    expect(getBucketKey('escrow')).toBe('assetLog.buckets.other');
    expect(getRecordKindKey('stake')).toBe('history.kinds.other');
    expect(getRecordStatusKey('frozen')).toBe('history.statuses.other');
    expect(getEntryTypeKey('toString')).toBe('assetLog.types.other');
  });

  it('name every withdrawal state, in each language', () => {
    const labels = Object.values(WithdrawStatus).map((status) => readKey(getRecordStatusKey(status)));
    expect(labels).toEqual([
      'Submitted',
      'Approved',
      'Sending',
      'Confirming',
      'Completed',
      'Rejected',
      'Failed',
      // `unknown`: the payout is still confirming as far as the member can tell.
      'Confirming',
    ]);
    const chinese = Object.values(WithdrawStatus).map((status) => readKey(getRecordStatusKey(status), zhHans));
    expect(chinese).toEqual(['已提交', '已批准', '发送中', '确认中', '已完成', '已拒绝', '失败', '确认中']);
  });

  it('colour states: moving neutral, completed green, rejected and failed red', () => {
    // `unknown` (a payout under review) is still moving: its funds are frozen, not returned.
    for (const status of ['submitted', 'approved', 'sending', 'confirming', 'unknown', 'pending', 'processing']) {
      expect(getRecordStatusTone(status)).toBe('pending');
    }
    expect(getRecordStatusTone('completed')).toBe('done');
    expect(getRecordStatusTone('rejected')).toBe('failed');
    expect(getRecordStatusTone('failed')).toBe('failed');
  });

  it('show chain details for deposits and withdrawals, with a short transaction hash', () => {
    expect(isChainRecord('deposit')).toBe(true);
    expect(isChainRecord('withdraw')).toBe(true);
    expect(isChainRecord('exchange')).toBe(false);
    const hash = `0x${'ab'.repeat(31)}cdef`;
    expect(shortenTxHash(hash)).toBe('0xababab...abcdef');
    expect(shortenTxHash('0x1234')).toBe('0x1234');
  });

  it('colour and sign amounts: green in, red out', () => {
    expect(getAmountSign('20')).toBe('positive');
    expect(getAmountSign('-20.5')).toBe('negative');
    expect(getAmountSign('0.000')).toBe('zero');
    expect(formatSignedAmount('20', '20')).toBe('+20');
    expect(formatSignedAmount('-20', '-20')).toBe('-20');
    expect(formatSignedAmount('0', '0')).toBe('0');
  });

  it('tell a list with a withdrawal still in flight, which refreshes on its own', () => {
    const record = (kind: string, status: string) => ({ kind, status });
    for (const status of ['submitted', 'approved', 'sending', 'confirming', 'unknown']) {
      expect(hasWithdrawalInFlight([record('exchange', 'completed'), record('withdraw', status)]), status).toBe(true);
    }
    for (const status of ['completed', 'rejected', 'failed']) {
      expect(hasWithdrawalInFlight([record('withdraw', status)]), status).toBe(false);
    }
    // Only withdrawals: a deposit or another record's status never keeps the list refreshing.
    expect(hasWithdrawalInFlight([record('deposit', 'pending'), record('transfer', 'processing')])).toBe(false);
    expect(hasWithdrawalInFlight([])).toBe(false);
  });
});
