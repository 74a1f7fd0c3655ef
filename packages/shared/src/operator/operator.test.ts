import { describe, expect, it } from 'vitest';
import { ZReviewWithdrawalRequest, ZSetChannelStatusRequest, ZSettleUnknownWithdrawalRequest } from './index.ts';

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

  it('reviews a withdrawal by approving or rejecting it', () => {
    expect(ZReviewWithdrawalRequest.parse({ id: '7', decision: 'approved' })).toEqual({
      id: '7',
      decision: 'approved',
    });
    expect(ZReviewWithdrawalRequest.safeParse({ id: '7', decision: 'completed' }).success).toBe(false);
  });

  it('switches one payment channel', () => {
    const request = { direction: 'deposit', chainId: 137, method: 'wallet', status: 'paused' };
    expect(ZSetChannelStatusRequest.parse(request)).toEqual(request);
    expect(ZSetChannelStatusRequest.safeParse({ ...request, status: 'closed' }).success).toBe(false);
    expect(ZSetChannelStatusRequest.safeParse({ ...request, chainId: 0 }).success).toBe(false);
  });
});
