import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import {
  ENTRY_TYPES,
  formatSignedAmount,
  getAmountSign,
  getBucketKey,
  getEntryTypeKey,
  getRecordKindKey,
  getRecordStatusKey,
  RECORD_KINDS,
} from './labels.ts';

function hasKey(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string';
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
    expect(getEntryTypeKey('airdrop')).toBe('assetLog.types.other');
    expect(getBucketKey('escrow')).toBe('assetLog.buckets.other');
    expect(getRecordKindKey('stake')).toBe('history.kinds.other');
    expect(getRecordStatusKey('confirming')).toBe('history.statuses.other');
    expect(getEntryTypeKey('toString')).toBe('assetLog.types.other');
  });

  it('colour and sign amounts: green in, red out', () => {
    expect(getAmountSign('20')).toBe('positive');
    expect(getAmountSign('-20.5')).toBe('negative');
    expect(getAmountSign('0.000')).toBe('zero');
    expect(formatSignedAmount('20', '20')).toBe('+20');
    expect(formatSignedAmount('-20', '-20')).toBe('-20');
    expect(formatSignedAmount('0', '0')).toBe('0');
  });
});
