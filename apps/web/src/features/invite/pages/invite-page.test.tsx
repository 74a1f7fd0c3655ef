// @vitest-environment happy-dom
import { LoginType } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@/config/routes.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, press, textOf } from '@/testing/api-stub.ts';
import { InvitePage } from './invite-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const userInfo = {
  id: '1',
  email: 'member@example.com',
  address: '',
  inviteCode: 'KPCX7Q2M',
  referrerInviteCode: null,
  level: 'member' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const LINK = `${window.location.origin}${window.location.pathname}#/pages/register/index?inviteCode=KPCX7Q2M`;
const navigate = vi.fn();
const writeText = vi.fn<(text: string) => Promise<void>>();
const share = vi.fn<(data: ShareData) => Promise<void>>();

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InvitePage />
    </QueryClientProvider>,
  );
}

/** happy-dom has no 2D canvas: a context that draws nothing, and a PNG for `toDataURL`. */
function fakeCanvas() {
  const context = new Proxy(
    {},
    {
      get: (target: Record<string, unknown>, key: string) =>
        key in target
          ? target[key]
          : key === 'measureText'
            ? (text: string) => ({ width: text.length * 8 })
            : key.startsWith('create')
              ? () => ({ addColorStop: vi.fn() })
              : vi.fn(),
      set: (target: Record<string, unknown>, key: string, value: unknown) => {
        target[key] = value;
        return true;
      },
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE9TVEVS');
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(ok(userInfo)))),
  );
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  share.mockReset().mockResolvedValue(undefined);
  vi.mocked(showToast).mockClear();
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => ROUTES.invite });
  useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: LoginType.PASSWORD });
  useUserStore.getState().setUserInfo(userInfo);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (navigator as { share?: unknown }).share;
  bindNavigator(null);
  useUserStore.getState().reset();
  await changeLocale('en');
});

describe('InvitePage (/pages/invite/index)', () => {
  it('shows the code, the full register link and a QR code of that link', () => {
    renderPage();
    expect(textOf('invite-code')).toBe('KPCX7Q2M');
    expect(textOf('invite-link')).toBe(LINK);
    const qr = screen.getByTestId('invite-qr');
    expect(qr.getAttribute('data-value')).toBe(LINK);
    expect(qr.querySelector('canvas')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of your invitation link' })).toBeTruthy();
  });

  it('copies the code and the link, each saying "Copied"', async () => {
    renderPage();
    await press('invite-copy-code');
    expect(writeText).toHaveBeenLastCalledWith('KPCX7Q2M');
    expect(showToast).toHaveBeenLastCalledWith('Copied');
    await press('invite-copy-link');
    expect(writeText).toHaveBeenLastCalledWith(LINK);
    expect(showToast).toHaveBeenCalledTimes(2);
  });

  it('shares the link through the Web Share API where the browser has it', async () => {
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderPage();
    await press('invite-share');
    expect(share).toHaveBeenCalledWith({
      title: 'KPC',
      text: 'Join me on KPC with my invitation code KPCX7Q2M',
      url: LINK,
    });
  });

  it('has no Share button where the browser cannot share', () => {
    renderPage();
    expect(screen.queryByTestId('invite-share')).toBeNull();
    expect(screen.getByTestId('invite-poster-open')).toBeTruthy();
  });

  it('draws the poster as an image with a download link for the PNG', async () => {
    fakeCanvas();
    renderPage();
    await press('invite-poster-open');
    const image = await screen.findByTestId('invite-poster-image');
    expect(image.getAttribute('src')).toBe('data:image/png;base64,UE9TVEVS');
    expect(image.getAttribute('alt')).toBe('KPC invitation poster with code KPCX7Q2M');
    const download = screen.getByTestId('invite-poster-download');
    expect(download.getAttribute('href')).toBe('data:image/png;base64,UE9TVEVS');
    expect(download.getAttribute('download')).toBe('kpc-invite-KPCX7Q2M.png');
    await press('invite-poster-close');
    await waitFor(() => expect(screen.queryByTestId('invite-poster-image')).toBeNull());
  });

  it('says so when the browser cannot draw the poster', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderPage();
    await press('invite-poster-open');
    expect((await screen.findByTestId('invite-poster-failed')).textContent).toContain('cannot draw the poster');
    expect(screen.queryByTestId('invite-poster-download')).toBeNull();
  });

  it('shows a skeleton, not an empty code, until the member info has the code', () => {
    useUserStore.setState({ userInfo: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByTestId('invite-loading')).toBeTruthy();
    expect(screen.queryByTestId('invite-code')).toBeNull();
    expect(screen.getByTestId('invite-poster-open').hasAttribute('disabled')).toBe(true);
  });

  it('leads to the team page', async () => {
    renderPage();
    await press('invite-team-link');
    expect(navigate).toHaveBeenCalledWith(ROUTES.team, { replace: false });
  });

  it('speaks the chosen language', async () => {
    await changeLocale('zh-Hans');
    renderPage();
    expect(screen.getByText('邀请链接')).toBeTruthy();
    expect(screen.getByTestId('invite-poster-open').textContent).toContain('邀请海报');
  });
});
