// @vitest-environment happy-dom
import { LoginType } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@/config/routes.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf } from '@/testing/api-stub.ts';
import { MinePage } from './mine-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const userInfo = {
  id: '1',
  email: 'member@example.com',
  address: WALLET,
  inviteCode: 'KPCX7Q2M',
  referrerInviteCode: null,
  level: 'member' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const navigate = vi.fn();
const writeText = vi.fn<(text: string) => Promise<void>>();

let twoStepOn = false;

/** The two-step status call answered (Step 11 §2), every other call by `answer`. */
function stubFetch(answer: (input: Parameters<typeof fetch>[0]) => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: Parameters<typeof fetch>[0]) =>
      pathOf(input) === '/2fa/status'
        ? Promise.resolve(
            jsonResponse(ok({ totp: { enabled: twoStepOn, enabledAt: null }, passkeys: { count: 0 }, email: null })),
          )
        : answer(input),
    ),
  );
}

function renderMine() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MinePage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  twoStepOn = false;
  stubFetch(() => Promise.resolve(jsonResponse({ code: 200, msg: 'success', data: userInfo })));
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  vi.mocked(showToast).mockClear();
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/mine/index' });
  useUserStore.getState().setSession({ token: 'tok-1', address: WALLET, loginType: LoginType.PASSWORD });
  useUserStore.getState().setUserInfo(userInfo);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('Mine', () => {
  it('copies the whole bound wallet address and says "Copied"', async () => {
    renderMine();
    expect(screen.getByTestId('mine-wallet-address').textContent).toBe('0x70...79C8');
    fireEvent.click(screen.getByTestId('mine-copy-wallet-address'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Copied'));
    expect(writeText).toHaveBeenCalledWith(WALLET);
    // Copying is not binding: no sheet opens.
    expect(screen.queryByTestId('bind-wallet-popup')).toBeNull();
  });

  it('has no copy button while no wallet is bound', () => {
    useUserStore.getState().setUserInfo({ ...userInfo, address: '' });
    useUserStore.getState().setAddress('');
    renderMine();
    expect(screen.queryByTestId('mine-copy-wallet-address')).toBeNull();
  });

  it('lists the documents a member no longer sees on Home, each opening its page', () => {
    renderMine();
    expect(screen.getByTestId('mine-documents').textContent).toContain('Documents');
    fireEvent.click(screen.getByTestId('mine-terms-user'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.termsUser, { replace: false });
    fireEvent.click(screen.getByTestId('mine-terms-privacy'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.termsPrivacy, { replace: false });
    fireEvent.click(screen.getByTestId('mine-terms-anti-fraud'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.termsAntiFraud, { replace: false });
  });
});

describe('Mine: Ambassador, Invite Friends, My Team', () => {
  it('lists the SPEC §2 entries in order, each leading to its page', () => {
    renderMine();
    const order = [
      'mine-ambassador',
      'mine-invite',
      'mine-team',
      'mine-announcement',
      'mine-switch-language',
      'mine-logout',
    ];
    const positions = order.map((id) => screen.getByTestId(id));
    for (let index = 1; index < positions.length; index += 1) {
      expect(
        positions[index - 1]!.compareDocumentPosition(positions[index]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('mine-invite'));
    expect(navigate).toHaveBeenLastCalledWith(ROUTES.invite, { replace: false });
    fireEvent.click(screen.getByTestId('mine-team'));
    expect(navigate).toHaveBeenLastCalledWith(ROUTES.team, { replace: false });
    fireEvent.click(screen.getByTestId('mine-ambassador'));
    expect(navigate).toHaveBeenLastCalledWith(ROUTES.team, { replace: false });
  });

  it("shows the member's level on the Ambassador entry, named for the level, in the chosen language", async () => {
    useUserStore.getState().setUserInfo({ ...userInfo, level: 'ambassador' });
    stubFetch(() => Promise.resolve(jsonResponse(ok({ ...userInfo, level: 'ambassador' }))));
    renderMine();
    expect(screen.getByTestId('mine-ambassador-level').textContent).toBe('Ambassador');
    // Issue 24 item 9: the row is "Level", so an ordinary member does not read "Ambassador: Ordinary member".
    expect(screen.getByTestId('mine-ambassador').textContent).toBe('LevelAmbassador');
    cleanup();
    await changeLocale('zh-Hans');
    renderMine();
    expect(screen.getByTestId('mine-ambassador-level').textContent).toBe('大使');
    expect(screen.getByTestId('mine-ambassador').textContent).toBe('等级大使');
    expect(screen.getByTestId('mine-invite').textContent).toContain('邀请好友');
    expect(screen.getByTestId('mine-team').textContent).toContain('我的团队');
  });

  it('shows no level until the member info is known', () => {
    useUserStore.setState({ userInfo: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderMine();
    expect(screen.getByTestId('mine-ambassador')).toBeTruthy();
    expect(screen.queryByTestId('mine-ambassador-level')).toBeNull();
  });
});

describe('Mine: Announcement', () => {
  /** Answers the unread count with `count` (or fails with `code`), the member's info otherwise. */
  function answerUnread(count: number | null, code = 200) {
    stubFetch((input) => {
      if (pathOf(input) !== '/notice/unread') return Promise.resolve(jsonResponse(ok(userInfo)));
      if (code !== 200) return Promise.resolve(jsonResponse({ code, msg: 'Busy', data: null }));
      return Promise.resolve(
        jsonResponse(ok({ count, latest: count ? { id: '9', title: 'T', language: 'en' } : null })),
      );
    });
  }

  it('shows the unread count on the row, which opens the announcements', async () => {
    answerUnread(3);
    renderMine();
    expect(screen.getByTestId('mine-announcement').textContent).toContain('Announcement');
    const badge = await screen.findByTestId('mine-announcement-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('Unread: 3');
    fireEvent.click(screen.getByTestId('mine-announcement'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.noticeList, { replace: false });
  });

  it('shows no badge when all are read, while loading, or when the count cannot be had (never a false 0)', async () => {
    answerUnread(0);
    renderMine();
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([input]) => pathOf(input) === '/notice/unread')).toBe(true),
    );
    expect(screen.queryByTestId('mine-announcement-badge')).toBeNull();
    cleanup();
    answerUnread(null, 1002);
    renderMine();
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([input]) => pathOf(input) === '/notice/unread')).toBe(true),
    );
    expect(screen.queryByTestId('mine-announcement-badge')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('Mine: two-step verification (Step 11 §2)', () => {
  it('says On or Off once known, never a false Off while it loads, and opens its page', async () => {
    twoStepOn = true;
    renderMine();
    expect(screen.queryByTestId('mine-two-step-state')).toBeNull();
    expect((await screen.findByTestId('mine-two-step-state')).textContent).toBe('On');
    fireEvent.click(screen.getByTestId('mine-two-step'));
    expect(navigate).toHaveBeenCalledWith(ROUTES.twoStep, { replace: false });
    cleanup();
    twoStepOn = false;
    renderMine();
    expect((await screen.findByTestId('mine-two-step-state')).textContent).toBe('Off');
  });
});

describe('Mine: email notifications (Step 11 §2)', () => {
  it('has a row that opens the notification settings', async () => {
    renderMine();
    fireEvent.click(await screen.findByTestId('mine-notifications'));
    expect(screen.getByTestId('mine-notifications').textContent).toContain('Email notifications');
    expect(navigate).toHaveBeenCalledWith(ROUTES.notifications, { replace: false });
  });
});
