import { describe, expect, it } from 'vitest';
import { previewWithdrawFee } from './withdraw-fee.ts';

const channel = { feeRate: '0.01', minFee: '1', decimals: 6 };

describe('withdrawal fee preview', () => {
  it('takes the fee from the balance when what stays available covers it: the address gets the full amount', () => {
    expect(previewWithdrawFee('20', '100', channel)).toEqual({
      fee: '1',
      feeFrom: 'balance',
      received: '20',
      total: '21',
    });
  });

  it('charges the rate above the minimum fee, rounded up to the asset decimals', () => {
    expect(previewWithdrawFee('250', '1000', channel)).toMatchObject({ fee: '2.5', received: '250', total: '252.5' });
    expect(previewWithdrawFee('123.456789', '1000', channel)).toMatchObject({ fee: '1.234568' });
  });

  it('takes the fee from the amount when the rest of the balance cannot pay it', () => {
    expect(previewWithdrawFee('100', '100', channel)).toEqual({
      fee: '1',
      feeFrom: 'amount',
      received: '99',
      total: '100',
    });
    // 0.5 would stay available: not enough for a fee of 1.
    expect(previewWithdrawFee('99.5', '100', channel)).toMatchObject({ feeFrom: 'amount', received: '98.5' });
  });

  it('shows nothing without a valid amount or while the balance loads', () => {
    expect(previewWithdrawFee(null, '100', channel)).toBeNull();
    expect(previewWithdrawFee('20', undefined, channel)).toBeNull();
    expect(previewWithdrawFee('20', 'oops', channel)).toBeNull();
  });
});
