import { describe, expect, it } from 'vitest';
import {
  ZDashboardDailyRequest,
  ZMemberSearchRequest,
  ZReviewWithdrawalsRequest,
  ZSetChannelStatusRequest,
  ZSettleUnknownWithdrawalRequest,
} from './index.ts';

describe('operator schemas', () => {
  it('settles an unknown withdrawal only as completed or failed, with the evidence', () => {
    expect(ZSettleUnknownWithdrawalRequest.parse({ id: '42', outcome: 'failed', detail: ' not on chain ' })).toEqual({
      id: '42',
      outcome: 'failed',
      detail: 'not on chain',
    });
    expect(ZSettleUnknownWithdrawalRequest.safeParse({ id: '42', outcome: 'approved', detail: 'x' }).success).toBe(
      false,
    );
    expect(ZSettleUnknownWithdrawalRequest.safeParse({ id: '42', outcome: 'completed', detail: ' ' }).success).toBe(
      false,
    );
    expect(
      ZSettleUnknownWithdrawalRequest.safeParse({ id: '9223372036854775808', outcome: 'completed', detail: 'x' })
        .success,
    ).toBe(false);
  });

  it('reviews withdrawals in a batch of 1 to 100, a rejection with its reason', () => {
    expect(ZReviewWithdrawalsRequest.parse({ ids: ['7', '8'], decision: 'approved' })).toEqual({
      ids: ['7', '8'],
      decision: 'approved',
    });
    expect(ZReviewWithdrawalsRequest.safeParse({ ids: ['7'], decision: 'completed' }).success).toBe(false);
    expect(ZReviewWithdrawalsRequest.safeParse({ ids: [], decision: 'approved' }).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, index) => String(index + 1));
    expect(ZReviewWithdrawalsRequest.safeParse({ ids: many, decision: 'approved' }).success).toBe(false);
    const unexplained = ZReviewWithdrawalsRequest.safeParse({ ids: ['7'], decision: 'rejected' });
    expect(unexplained.error?.issues[0]).toMatchObject({ path: ['detail'], message: 'validation.reasonRequired' });
    expect(ZReviewWithdrawalsRequest.safeParse({ ids: ['7'], decision: 'rejected', detail: ' ' }).success).toBe(false);
    expect(ZReviewWithdrawalsRequest.parse({ ids: ['7'], decision: 'rejected', detail: ' KYC ' }).detail).toBe('KYC');
  });

  it('bounds the dashboard to 90 days and trims a member search', () => {
    expect(ZDashboardDailyRequest.safeParse({ days: 0 }).success).toBe(false);
    expect(ZDashboardDailyRequest.safeParse({ days: 91 }).success).toBe(false);
    expect(ZDashboardDailyRequest.parse({})).toEqual({});
    expect(ZMemberSearchRequest.parse({ query: ' ab@ ' })).toEqual({ query: 'ab@' });
    expect(ZMemberSearchRequest.safeParse({ query: '  ' }).success).toBe(false);
  });

  it('switches one payment channel', () => {
    const request = { direction: 'deposit', chainId: 137, method: 'wallet', status: 'paused' };
    expect(ZSetChannelStatusRequest.parse(request)).toEqual(request);
    expect(ZSetChannelStatusRequest.safeParse({ ...request, status: 'closed' }).success).toBe(false);
    expect(ZSetChannelStatusRequest.safeParse({ ...request, chainId: 0 }).success).toBe(false);
  });
});
