// @vitest-environment happy-dom
import type { TMemberSession, TSecurityEvent, TSecurityEventsResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { setupAntdMobile } from '@/lib/setup-antd-mobile.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import { unbrokenTime } from '@/features/security-activity/components/session-item.tsx';
import { SecurityActivityPage } from './security-activity-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const session = (id: string, overrides: Partial<TMemberSession> = {}): TMemberSession => ({
  id,
  device: 'Chrome · Android',
  ip: '203.0.113.7',
  loginType: -1,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-02T11:00:00.000Z',
  current: false,
  ...overrides,
});
const event = (id: string, overrides: Partial<TSecurityEvent> = {}): TSecurityEvent => ({
  id,
  kind: 'sign_in',
  device: 'Chrome · Android',
  ip: '203.0.113.7',
  detail: 'wallet',
  current: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const fetchMock = vi.fn<typeof fetch>();
let sessions: TMemberSession[];
let events: TSecurityEventsResponse;
/** Holds the sessions' answer until released: the page must show skeletons meanwhile. */
let sessionsGate: Promise<void>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SecurityActivityPage />
    </QueryClientProvider>,
  );
}

const sessionRows = () => screen.getAllByTestId('security-session');
const within = (row: Element, id: string) => row.querySelector(`[data-testid="${id}"]`)?.textContent;

// Dialogs render through antd-mobile's own root (as the app sets it up).
beforeAll(() => setupAntdMobile());

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionsGate = Promise.resolve();
  sessions = [
    session('b0000000-0000-4000-8000-000000000001', { current: true, device: 'Safari · iOS', ip: '198.51.100.2' }),
    session('b0000000-0000-4000-8000-000000000002'),
    session('b0000000-0000-4000-8000-000000000003', { device: null, ip: null }),
  ];
  events = {
    list: [
      event('30', { kind: 'session_ended', detail: null, current: true, device: 'Safari · iOS', ip: '198.51.100.2' }),
      event('29', { kind: 'other_sessions_ended', detail: '2' }),
      event('28', { kind: 'password_changed', detail: null }),
      event('27', { kind: 'wallet_bound', detail: '0x1234567890AbcdEF1234567890aBcdef12345678' }),
      event('26', { kind: 'sign_in', detail: 'password', device: null, ip: '2001:db8::1' }),
      event('25', { kind: 'something_new' as TSecurityEvent['kind'], detail: null }),
    ],
    nextCursor: null,
  };
  fetchMock.mockImplementation(async (input) => {
    const path = pathOf(input);
    if (path === '/acc/sessions') {
      await sessionsGate;
      return jsonResponse(ok({ list: sessions }));
    }
    if (path === '/acc/security/events') return jsonResponse(ok(events));
    if (path === '/acc/sessions/end') {
      const { sessionId } = sentBodies(fetchMock, '/acc/sessions/end').at(-1) as { sessionId: string };
      sessions = sessions.filter((item) => item.id !== sessionId);
      return jsonResponse(ok(null));
    }
    if (path === '/acc/sessions/endOthers') {
      const ended = sessions.filter((item) => !item.current).length;
      sessions = sessions.filter((item) => item.current);
      return jsonResponse(ok({ ended }));
    }
    return new Response(null, { status: 404 });
  });
  useUserStore.setState({ token: 'member-token', address: '' });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
  await changeLocale('en');
});

describe('SecurityActivityPage (/pages/security/activity, Step 11 §2)', () => {
  it('shows skeletons, never a blank page, until the sessions arrive', async () => {
    let release: () => void = () => undefined;
    sessionsGate = new Promise((resolve) => (release = resolve));
    renderPage();
    expect(await screen.findByTestId('security-sessions-loading')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByTestId('security-sessions-loading')).toBeNull());
    expect(sessionRows()).toHaveLength(3);
  });

  it('shows this device apart from the other sessions, each other one with End', async () => {
    renderPage();
    await waitFor(() => expect(sessionRows()).toHaveLength(3));
    const current = screen.getByTestId('security-current-session').querySelector('[data-testid="security-session"]')!;
    expect(within(current, 'security-session-device')).toBe('Safari · iOS');
    expect(within(current, 'security-session-ip')).toBe('198.51.100.2');
    expect(current.textContent).toContain('This device');
    expect(current.querySelector('[data-testid="security-session-end"]')).toBeNull();
    expect(within(current, 'security-session-created')).toBe(`Signed in ${unbrokenTime('2026-03-01T10:00:00.000Z')}`);
    expect(within(current, 'security-session-last-seen')).toBe(
      `Last active ${unbrokenTime('2026-03-02T11:00:00.000Z')}`,
    );

    const others = screen.getByTestId('security-other-sessions').querySelectorAll('[data-testid="security-session"]');
    expect([...others].map((row) => within(row, 'security-session-device'))).toEqual([
      'Chrome · Android',
      'Unknown device',
    ]);
    expect(within(others[1]!, 'security-session-ip')).toBe('Unknown address');
    expect(others[0]!.querySelectorAll('[data-testid="security-session-end"]')).toHaveLength(1);
  });

  it('ends one other session, then reads the sessions again', async () => {
    renderPage();
    await waitFor(() => expect(sessionRows()).toHaveLength(3));
    const [first] = screen
      .getByTestId('security-other-sessions')
      .querySelectorAll<HTMLElement>('[data-testid="security-session-end"]');
    await press(first!);
    await waitFor(() => expect(sessionRows()).toHaveLength(2));
    expect(sentBodies(fetchMock, '/acc/sessions/end')).toEqual([{ sessionId: 'b0000000-0000-4000-8000-000000000002' }]);
    // The ending is an event: the list is read again too.
    await waitFor(() => expect(sentBodies(fetchMock, '/acc/security/events').length).toBeGreaterThan(1));
  });

  it('ends all other sessions only after the confirmation', async () => {
    renderPage();
    await waitFor(() => expect(sessionRows()).toHaveLength(3));
    await press('security-end-all');
    await press(await screen.findByTestId('security-end-all-cancel'));
    expect(sentBodies(fetchMock, '/acc/sessions/endOthers')).toEqual([]);

    await press('security-end-all');
    await press(await screen.findByTestId('security-end-all-confirm'));
    await waitFor(() => expect(sentBodies(fetchMock, '/acc/sessions/endOthers')).toEqual([{}]));
    expect(await screen.findByTestId('security-other-sessions-empty')).toBeTruthy();
    expect(screen.queryByTestId('security-end-all')).toBeNull();
    expect(sessionRows()).toHaveLength(1);
  });

  it('lists the recent events with an icon and a title per kind, device, address and time', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('security-event')).toHaveLength(6));
    const rows = screen.getAllByTestId('security-event');
    expect(rows.map((row) => within(row, 'security-event-title'))).toEqual([
      'Another session ended',
      'All other sessions ended',
      'Password changed',
      'Wallet bound',
      'Signed in',
      'Security change',
    ]);
    expect(rows.every((row) => row.querySelector('svg'))).toBe(true);
    expect(rows[0]!.textContent).toContain('This device');
    expect(within(rows[1]!, 'security-event-detail')).toBe('Sessions ended: 2');
    expect(within(rows[3]!, 'security-event-detail')).toBe('0x1234567890AbcdEF1234567890aBcdef12345678');
    expect(within(rows[4]!, 'security-event-detail')).toBe('With password');
    expect(within(rows[4]!, 'security-event-device')).toBe('Unknown device');
    expect(within(rows[4]!, 'security-event-ip')).toBe('2001:db8::1');
    expect(within(rows[4]!, 'security-event-time')).toBe(formatDateTime('2026-03-01T10:00:00.000Z'));
    expect(sentBodies(fetchMock, '/acc/security/events')[0]).toEqual({ limit: 20 });
  });

  it('speaks the chosen language', async () => {
    await changeLocale('zh-Hans');
    renderPage();
    await waitFor(() => expect(sessionRows()).toHaveLength(3));
    expect(screen.getByTestId('security-activity-page').textContent).toContain('安全活动');
    expect(screen.getByTestId('security-end-all').textContent).toBe('结束所有其他会话');
  });
});
