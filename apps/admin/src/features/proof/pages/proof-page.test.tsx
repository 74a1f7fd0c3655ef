import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TChainReserves, TOperatorLiabilitySnapshot } from '@kpc/shared/operator';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const ROOT = 'ab'.repeat(32);
const TREASURY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HOT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

const chain = (over: Partial<TChainReserves> = {}): TChainReserves => ({
  chainId: 137,
  network: 'Polygon',
  blockNumber: '5123456',
  readAt: '2026-05-03T10:00:02.000Z',
  treasury: { address: TREASURY, usdt: '800' },
  depositAddress: null,
  hotWallet: { address: HOT, usdt: '225' },
  usdt: '1025',
  ratio: '1.025',
  reason: null,
  ...over,
});

const snapshot = (over: Partial<TOperatorLiabilitySnapshot> = {}): TOperatorLiabilitySnapshot => ({
  id: '12',
  status: 'published',
  kind: 'daily',
  createdAt: '2026-05-03T10:00:00.000Z',
  takenAt: '2026-05-03T10:00:01.000Z',
  leafCount: 4821,
  rootHash: ROOT,
  totals: [
    { asset: 'USDT', total: '1000' },
    { asset: 'KPC', total: '250.5' },
  ],
  chains: [chain()],
  reservesUsdt: '1025',
  ratio: '1.025',
  treePrunedAt: null,
  ...over,
});

describe('the proof-of-liabilities page', () => {
  it("shows the latest totals against the reserves, green at 100 % or more, each chain's block", async () => {
    stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['compliance']) }),
      '/proof/list': () => ({ data: { list: [snapshot()], nextCursor: null } }),
    });
    await renderConsole('/proof');
    const ratio = await screen.findByTestId('proof-ratio', {}, { timeout: 15_000 });
    expect(ratio.dataset.covered).toBe('true');
    expect(ratio.textContent).toContain('102.50 %');
    expect(screen.getByTestId('proof-root').textContent).toBe(ROOT);
    expect(screen.getByTestId('proof-totals').textContent).toBe('1,000 USDT · 250.5 KPC');
    const chains = screen.getByTestId('proof-chains');
    expect(within(chains).getByText('5123456')).toBeTruthy();
    expect(within(chains).getByText('800 USDT')).toBeTruthy();
    expect(within(chains).getByText('None configured')).toBeTruthy();
    expect(within(screen.getByTestId('proof-history')).getByTestId('proof-ratio-12').textContent).toBe('102.50 %');
    // Compliance reads; taking a snapshot is finance's and admin's.
    expect(screen.queryByTestId('proof-take')).toBeNull();
  });

  it('warns below 100 %, says why a chain was not read, and takes a snapshot after a confirmation', async () => {
    let taken = false;
    const short = snapshot({
      ratio: '0.987654',
      reservesUsdt: '987.654',
      chains: [chain({ usdt: '987.654', ratio: '0.987654' })],
    });
    const unread = snapshot({
      id: '13',
      kind: 'on_demand',
      chains: [chain({ blockNumber: null, usdt: null, ratio: null, reason: 'HTTP request failed.' })],
      reservesUsdt: null,
      ratio: null,
    });
    const api = stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['finance']) }),
      '/proof/list': () => ({ data: { list: taken ? [unread, short] : [short], nextCursor: null } }),
      '/proof/snapshot': () => {
        taken = true;
        return { data: unread };
      },
    });
    await renderConsole('/proof');
    const ratio = await screen.findByTestId('proof-ratio', {}, { timeout: 15_000 });
    expect(ratio.dataset.covered).toBe('false');
    expect(ratio.textContent).toContain('98.76 %');
    expect(ratio.textContent).toContain('Reserves are below what members are owed.');

    fireEvent.click(screen.getByTestId('proof-take'));
    expect(await screen.findAllByText('Take a proof-of-liabilities snapshot now?')).not.toHaveLength(0);
    expect(api.sent('/proof/snapshot')).toEqual([]);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a snapshot now' }));
    await waitFor(() => expect(api.sent('/proof/snapshot')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('proof-ratio').dataset.covered).toBeUndefined());
    expect(screen.getByTestId('proof-ratio').textContent).toContain('—');
    expect(screen.getByText(/HTTP request failed\./, { selector: '.ant-alert *' })).toBeTruthy();
  });

  it('follows a snapshot being built until it is published, and marks an old tree as removed', async () => {
    let listed = 0;
    const old = snapshot({ id: '11', treePrunedAt: '2026-05-10T00:00:00.000Z' });
    const building = snapshot({
      id: '14',
      kind: 'on_demand',
      status: 'building',
      takenAt: null,
      leafCount: null,
      rootHash: null,
      totals: [],
      chains: [],
      reservesUsdt: null,
      ratio: null,
    });
    const published = snapshot({ id: '14', kind: 'on_demand', ratio: '1.5', reservesUsdt: '1500' });
    stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['finance']) }),
      // Building for the first two asks, then published: the page must ask again by itself.
      '/proof/list': () => {
        listed += 1;
        return { data: { list: [listed <= 2 ? building : published, old], nextCursor: null } };
      },
    });
    await renderConsole('/proof');
    expect(await screen.findByTestId('proof-building', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('proof-pruned-11').textContent).toBe('Tree removed');
    await waitFor(() => expect(screen.getByTestId('proof-ratio').textContent).toContain('150.00 %'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(screen.queryByTestId('proof-building')).toBeNull());
  });
});
