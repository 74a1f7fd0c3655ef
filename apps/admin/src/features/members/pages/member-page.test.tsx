import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemberAccountStatus, MemberLevel, type TMemberDetail } from '@kpc/shared/operator';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const MEMBER_ID = '0b7c2a4e-5d61-4f0a-9b8e-3c2d1e0f9a87';

const detail = (twoStep: TMemberDetail['twoStep']): TMemberDetail => ({
  member: {
    id: MEMBER_ID,
    email: 'lost-phone@example.com',
    walletAddress: null,
    inviteCode: 'ABC123',
    level: MemberLevel.MEMBER,
    status: MemberAccountStatus.ACTIVE,
    referrerId: null,
    createdAt: '2026-05-03T10:00:00.000Z',
    frozenAt: null,
    frozenReason: null,
  },
  referrer: null,
  team: { directCount: 0, teamCount: 0, teamVolume: '0', kpcLevel: 0, esopLevel: 0 },
  balances: [],
  sessions: [],
  twoStep,
});

describe("a member's page: two-step verification (Step 11 §2)", () => {
  it('shows what the member has on, and compliance turns it off with a reason', async () => {
    let twoStep = { totp: true, passkeys: 2 };
    const api = stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['compliance']) }),
      '/members/detail': () => ({ data: detail(twoStep) }),
      '/members/reset-two-step': () => {
        twoStep = { totp: false, passkeys: 0 };
        return { data: { memberId: MEMBER_ID, totpRemoved: true, passkeysRemoved: 2 } };
      },
    });
    await renderConsole(`/members/${MEMBER_ID}`);
    expect((await screen.findByTestId('member-two-step', {}, { timeout: 15_000 })).textContent).toBe(
      'Authenticator app · 2 passkeys',
    );
    fireEvent.click(screen.getByTestId('reset-two-step'));
    expect(await screen.findByText("Turn off this member's two-step verification")).toBeTruthy();
    fireEvent.change(screen.getByTestId('reason-input'), { target: { value: 'KYC selfie matched' } });
    fireEvent.click(screen.getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(api.sent('/members/reset-two-step')).toEqual([{ memberId: MEMBER_ID, reason: 'KYC selfie matched' }]),
    );
    await waitFor(() => expect(screen.getByTestId('member-two-step').textContent).toBe('Off'));
    // Nothing left to turn off.
    expect(screen.queryByTestId('reset-two-step')).toBeNull();
  });

  it('offers it to no one without the permission', async () => {
    stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['support']) }),
      '/members/detail': () => ({ data: detail({ totp: true, passkeys: 0 }) }),
    });
    await renderConsole(`/members/${MEMBER_ID}`);
    expect((await screen.findByTestId('member-two-step', {}, { timeout: 15_000 })).textContent).toBe(
      'Authenticator app',
    );
    expect(screen.queryByTestId('reset-two-step')).toBeNull();
  });
});
