// @vitest-environment happy-dom
import {
  MANDATORY_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  notificationDefault,
  type TNotificationPrefs,
} from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import { NotificationsPage } from './notifications-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
let prefs: TNotificationPrefs;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationsPage />
    </QueryClientProvider>,
  );
}

const switchOf = (kind: string) => screen.getByTestId(`notify-switch-${kind}`);
const isOn = (kind: string) => switchOf(kind).getAttribute('aria-checked') === 'true';
const isDisabled = (kind: string) => switchOf(kind).getAttribute('aria-disabled') === 'true';

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({
    navigate: vi.fn(),
    goBack: vi.fn(),
    canGoBack: () => true,
    getCurrentUrl: () => '/pages/security/notifications',
  });
  useUserStore.setState({ token: 'member-token', address: '' });
  prefs = {
    hasEmail: true,
    prefs: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      enabled: notificationDefault(kind),
      mandatory: MANDATORY_NOTIFICATION_KINDS.includes(kind),
    })),
  };
  fetchMock.mockImplementation((input, init) => {
    const path = pathOf(input);
    if (path === '/notify/prefs') return Promise.resolve(jsonResponse(ok(prefs)));
    if (path === '/notify/prefs/set') {
      const body = JSON.parse(init?.body as string) as { kind: string; enabled: boolean };
      prefs = {
        ...prefs,
        prefs: prefs.prefs.map((pref) => (pref.kind === body.kind ? { ...pref, enabled: body.enabled } : pref)),
      };
      return Promise.resolve(jsonResponse(ok(prefs)));
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('NotificationsPage (Step 11 §2)', () => {
  it('shows a skeleton, then a switch per kind: the summary off, the security mails on and locked', async () => {
    renderPage();
    expect(screen.getByTestId('notifications-loading')).toBeTruthy();
    await screen.findByTestId('notify-row-release_summary');
    expect(isOn('release_summary')).toBe(false);
    expect(isOn('deposit_credited')).toBe(true);
    for (const kind of ['new_device_sign_in', 'security_change']) {
      expect(isOn(kind)).toBe(true);
      expect(isDisabled(kind)).toBe(true);
      expect(screen.getByTestId(`notify-mandatory-${kind}`).textContent).toBe('Security email: always on');
    }
    expect(isDisabled('deposit_credited')).toBe(false);
    expect(screen.queryByTestId('notifications-no-email')).toBeNull();
  });

  it('saves a switch at once, with a toast', async () => {
    renderPage();
    await screen.findByTestId('notify-row-release_summary');
    await press(switchOf('release_summary'));
    await waitFor(() => expect(isOn('release_summary')).toBe(true));
    expect(sentBodies(fetchMock, '/notify/prefs/set')).toEqual([{ kind: 'release_summary', enabled: true }]);
    expect(showToast).toHaveBeenCalledWith('Saved');
  });

  it('never sends a change of a security mail', async () => {
    renderPage();
    await screen.findByTestId('notify-row-security_change');
    await press(switchOf('security_change'));
    expect(sentBodies(fetchMock, '/notify/prefs/set')).toHaveLength(0);
    expect(isOn('security_change')).toBe(true);
  });

  it('tells a member without an email that nothing can be sent, in their language', async () => {
    prefs = { ...prefs, hasEmail: false };
    await changeLocale('zh-Hans');
    renderPage();
    expect((await screen.findByTestId('notifications-no-email')).textContent).toContain('尚未绑定邮箱');
    expect(screen.getByText('每日释放汇总')).toBeTruthy();
  });
});
