// @vitest-environment happy-dom
import type { TTeamInvitation, TTeamSummary } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@/config/routes.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, ok, pathOf, press, sentBodies, textOf } from '@/testing/api-stub.ts';
import { TeamPage } from './team-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const SUMMARY: TTeamSummary = {
  directCount: 2,
  indirectCount: 5,
  teamSize: 7,
  teamVolume: '12500.5',
  level: 'ambassador',
  kpcLevel: 2,
  esopLevel: 0,
  klkLevel: 'partner',
  shareholderStatus: 'pending',
  airdrops: { asset: 'USDT', total: '1234.5', direct: '1000', indirect: '200.5', card: '34' },
};

const invitation = (
  id: string,
  level = 'member',
  teamSize = 0,
  card: TTeamInvitation['card'] = null,
): TTeamInvitation => ({
  id,
  member: `m${id}***@example.com`,
  level,
  teamSize,
  card,
  joinedAt: '2026-03-01T10:00:00.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let summary: TTeamSummary | null;
let pages: Record<string, { list: TTeamInvitation[]; nextCursor: string | null }>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TeamPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  summary = SUMMARY;
  pages = { first: { list: [invitation('9', 'ambassador', 3, 'gold_eagle'), invitation('7')], nextCursor: null } };
  fetchMock.mockImplementation((input, init) => {
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as { cursor?: string };
    if (pathOf(input) === '/team/summary') {
      return Promise.resolve(jsonResponse(summary ? ok(summary) : { code: 1002, msg: 'Busy', data: null }));
    }
    if (pathOf(input) === '/team/invitations') return Promise.resolve(jsonResponse(ok(pages[body.cursor ?? 'first'])));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => ROUTES.team });
  useUserStore.setState({ token: 'member-token', address: '' });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
  await changeLocale('en');
});

const invitationRows = () => screen.getAllByTestId('team-invitation');

describe('TeamPage (/pages/team/index)', () => {
  it('shows skeletons, never a false 0, until the summary arrives', async () => {
    renderPage();
    expect(screen.getByTestId('team-invitations-loading')).toBeTruthy();
    for (const id of ['team-direct-count', 'team-size', 'team-airdrop-total', 'team-kpc-level']) {
      expect(textOf(id)).toBe('');
      expect(screen.getByTestId(id).querySelector('.adm-skeleton')).toBeTruthy();
    }
    expect(screen.queryByTestId('team-level')).toBeNull();
    await screen.findByTestId('team-level');
  });

  it('shows the levels, the airdrops with their asset, and the team figures', async () => {
    renderPage();
    expect((await screen.findByTestId('team-level')).textContent).toBe('Ambassador');
    expect(textOf('team-shareholder')).toBe('Shareholder applicant');
    expect(textOf('team-kpc-level')).toBe('Level 2');
    // Level 0 is no level: "None", not "0" or "Level 0".
    expect(textOf('team-esop-level')).toBe('None');
    expect(textOf('team-klk-level')).toBe('Partner');
    expect(textOf('team-airdrop-total')).toBe('1,234.5 USDT');
    expect(textOf('team-airdrop-direct')).toBe('1,000 USDT');
    expect(textOf('team-airdrop-indirect')).toBe('200.5 USDT');
    expect(textOf('team-airdrop-card')).toBe('34 USDT');
    expect(textOf('team-direct-count')).toBe('2');
    expect(textOf('team-indirect-count')).toBe('5');
    expect(textOf('team-size')).toBe('7');
    expect(textOf('team-volume')).toBe('12,500.5 USDT');
  });

  it('shows "None" for a member without team or broker levels, no badge, and real zeros once known', async () => {
    summary = {
      ...SUMMARY,
      level: 'member',
      kpcLevel: 0,
      klkLevel: null,
      shareholderStatus: null,
      directCount: 0,
      indirectCount: 0,
      teamSize: 0,
      airdrops: { asset: 'USDT', total: '0', direct: '0', indirect: '0', card: '0' },
    };
    renderPage();
    expect((await screen.findByTestId('team-level')).textContent).toBe('Ordinary member');
    expect(screen.queryByTestId('team-shareholder')).toBeNull();
    expect(textOf('team-kpc-level')).toBe('None');
    expect(textOf('team-klk-level')).toBe('None');
    expect(textOf('team-direct-count')).toBe('0');
    expect(textOf('team-airdrop-total')).toBe('0 USDT');
  });

  it('badges an approved shareholder as a shareholder, no longer an applicant (issue 24 item 9)', async () => {
    summary = { ...SUMMARY, shareholderStatus: 'approved' };
    renderPage();
    await screen.findByTestId('team-level');
    expect(textOf('team-shareholder')).toBe('Shareholder');
    expect(screen.getByTestId('team-shareholder').getAttribute('data-status')).toBe('approved');
  });

  it('leads from the airdrop totals to each airdrop (issue 24 item 9)', async () => {
    renderPage();
    await screen.findByTestId('team-level');
    expect(screen.getByTestId('team-airdrops').contains(screen.getByTestId('team-airdrop-history-link'))).toBe(true);
    expect(textOf('team-airdrop-history-link')).toBe('Airdrop history');
    await press('team-airdrop-history-link');
    expect(navigate).toHaveBeenCalledWith(ROUTES.teamAirdrops, { replace: false });
  });

  it('labels levels and the KLK level in the chosen language', async () => {
    await changeLocale('zh-Hans');
    renderPage();
    expect((await screen.findByTestId('team-level')).textContent).toBe('大使');
    expect(textOf('team-esop-level')).toBe('无');
    expect(textOf('team-kpc-level')).toBe('2 级');
    expect(callsTo(fetchMock, '/team/summary')[0]![1]?.headers).toMatchObject({ language: 'zh_CN' });
  });

  it('offers a retry when the summary fails, and shows it once it answers', async () => {
    summary = null;
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByTestId('team-direct-count')).toBeNull();
    summary = SUMMARY;
    await press(retry);
    expect((await screen.findByTestId('team-level')).textContent).toBe('Ambassador');
  });

  it('lists my invitations: masked member, card, level, team size and when they joined', async () => {
    renderPage();
    await screen.findByTestId('team-invitations');
    expect(invitationRows().map((row) => row.getAttribute('data-id'))).toEqual(['9', '7']);
    const first = invitationRows()[0]!;
    expect(first.querySelector('[data-testid="team-invitation-member"]')?.textContent).toBe('m9***@example.com');
    expect(first.querySelector('[data-testid="team-invitation-level"]')?.textContent).toBe('Ambassador');
    expect(first.querySelector('[data-testid="team-invitation-team-size"]')?.textContent).toBe('Team: 3');
    expect(first.querySelector('[data-testid="team-invitation-card"]')?.textContent).toBe('Card: Gold Eagle Card');
    expect(invitationRows()[1]!.querySelector('[data-testid="team-invitation-card"]')?.textContent).toBe('No card yet');
    expect(first.querySelector('[data-testid="team-invitation-joined"]')?.textContent).toMatch(/^Joined 2026-03-0\d /);
    expect(invitationRows()[1]!.querySelector('[data-testid="team-invitation-level"]')?.textContent).toBe(
      'Ordinary member',
    );
    expect(sentBodies(fetchMock, '/team/invitations')[0]).toEqual({ limit: 20 });
  });

  it('loads the next page of invitations with the cursor, and says when there is no more', async () => {
    pages = {
      first: { list: [invitation('9'), invitation('8')], nextCursor: 'c8' },
      c8: { list: [invitation('5')], nextCursor: null },
    };
    // happy-dom lays nothing out: InfiniteScroll sees its foot on screen once it has an offset parent.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { get: () => document.body, configurable: true });
    try {
      renderPage();
      await waitFor(() => expect(invitationRows().map((row) => row.getAttribute('data-id'))).toEqual(['9', '8', '5']));
    } finally {
      delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
    }
    expect(sentBodies(fetchMock, '/team/invitations')[1]).toEqual({ cursor: 'c8', limit: 20 });
    expect(await screen.findByTestId('team-invitations-end')).toBeTruthy();
  });

  it('shows the empty state only once the first page says so, with the way to the invite page', async () => {
    pages = { first: { list: [], nextCursor: null } };
    renderPage();
    expect(screen.queryByTestId('team-invitations-empty')).toBeNull();
    expect((await screen.findByTestId('team-invitations-empty')).textContent).toContain(
      'You have not invited anyone yet',
    );
    await press('team-invite-link');
    expect(navigate).toHaveBeenCalledWith(ROUTES.invite, { replace: false });
  });
});
