// @vitest-environment happy-dom
import type { TTeamAirdrop, TTeamAirdropsResponse } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, sentBodies } from '@/testing/api-stub.ts';
import { TeamAirdropsPage } from './team-airdrops-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const airdrop = (id: string, overrides: Partial<TTeamAirdrop> = {}): TTeamAirdrop => ({
  id,
  kind: 'direct',
  event: 'klk_package',
  from: 'a***@example.com',
  asset: 'USDT',
  gross: '50',
  fee: '10',
  net: '40',
  reversed: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const fetchMock = vi.fn<typeof fetch>();
let pages: Record<string, TTeamAirdropsResponse>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TeamAirdropsPage />
    </QueryClientProvider>,
  );
}

const rows = () => screen.getAllByTestId('team-airdrop-item');
const within = (row: Element, id: string) => row.querySelector(`[data-testid="${id}"]`)?.textContent;

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  pages = {
    first: {
      list: [
        airdrop('12', { kind: 'indirect', event: 'plan', from: '0x12...cdef', gross: '3', fee: '0.6', net: '2.4' }),
        airdrop('11', { reversed: true }),
        airdrop('10', { kind: 'card', event: 'card', gross: '10', fee: '2', net: '8' }),
      ],
      nextCursor: null,
    },
  };
  fetchMock.mockImplementation((input, init) => {
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as { cursor?: string };
    if (pathOf(input) === '/team/airdrops') return Promise.resolve(jsonResponse(ok(pages[body.cursor ?? 'first'])));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
  useUserStore.setState({ token: 'member-token', address: '' });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
  await changeLocale('en');
});

describe('TeamAirdropsPage (/pages/team/airdrops, issue 24 item 9)', () => {
  it('lists each airdrop: who, the event, direct or not, gross, the 20% fee and what arrived', async () => {
    renderPage();
    await waitFor(() => expect(rows().map((row) => row.getAttribute('data-id'))).toEqual(['12', '11', '10']));
    expect(screen.getByTestId('team-airdrops-page').textContent).toContain('Airdrop history');
    const [plan, reversed, card] = rows();
    expect(within(plan!, 'team-airdrop-item-from')).toBe('0x12...cdef');
    expect(within(plan!, 'team-airdrop-item-kind')).toBe('Indirect');
    expect(within(plan!, 'team-airdrop-item-event')).toBe('Joined the investment plan');
    expect(within(plan!, 'team-airdrop-item-gross')).toBe('3 USDT');
    expect(within(plan!, 'team-airdrop-item-fee')).toBe('−0.6 USDT');
    expect(within(plan!, 'team-airdrop-item-net')).toBe('+2.4 USDT');
    expect(within(plan!, 'team-airdrop-item-time')).toBe(formatDateTime('2026-03-01T10:00:00.000Z'));
    expect(plan!.textContent).toContain('Handling fee (20%)');
    // A refunded event took its airdrop back: said, and the amount struck through.
    expect(within(reversed!, 'team-airdrop-item-reversed')).toBe('Taken back: refunded');
    expect(reversed!.querySelector('.team-airdrop__net--reversed')).not.toBeNull();
    expect(plan!.querySelector('[data-testid="team-airdrop-item-reversed"]')).toBeNull();
    expect(within(card!, 'team-airdrop-item-kind')).toBe('Card');
    expect(within(card!, 'team-airdrop-item-event')).toBe('Card issued');
    expect(sentBodies(fetchMock, '/team/airdrops')[0]).toEqual({ limit: 20 });
  });

  it('pages on with the cursor and says when there is no more', async () => {
    pages = {
      first: { list: [airdrop('9'), airdrop('8')], nextCursor: 'c8' },
      c8: { list: [airdrop('5')], nextCursor: null },
    };
    // happy-dom lays nothing out: InfiniteScroll sees its foot on screen once it has an offset parent.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { get: () => document.body, configurable: true });
    try {
      renderPage();
      await waitFor(() => expect(rows().map((row) => row.getAttribute('data-id'))).toEqual(['9', '8', '5']));
    } finally {
      delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
    }
    expect(sentBodies(fetchMock, '/team/airdrops')[1]).toEqual({ cursor: 'c8', limit: 20 });
    expect(await screen.findByTestId('team-airdrops-end')).toBeTruthy();
  });

  it('says so when there is none yet, in the chosen language', async () => {
    pages = { first: { list: [], nextCursor: null } };
    await changeLocale('ja');
    renderPage();
    expect((await screen.findByTestId('team-airdrops-empty')).textContent).toContain('エアドロップはまだありません');
  });
});
