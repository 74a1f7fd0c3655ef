// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import {
  buildLiabilityTree,
  bytesToHex,
  formatDecimal,
  LEDGER_SCALE,
  parseDecimal,
  type TLiabilityProof,
  type TLiabilitySnapshot,
} from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { callsTo, ok, pathOf, press, textOf } from '@/testing/api-stub.ts';
import { ProofPage } from './proof-page.tsx';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const units = (amount: string) => parseDecimal(amount, LEDGER_SCALE);
const decimal = (amount: bigint) => formatDecimal(amount, LEDGER_SCALE);

/** A real tree over three members (USDT, KPC), as the server would build it; the member is the second. */
function publishedTree() {
  const members = [
    { memberId: '11', balances: ['100', '5'] },
    { memberId: '12', balances: ['250.5', '0'] },
    { memberId: '13', balances: ['0', '7.25'] },
  ];
  const leaves = members.map((member, index) => ({
    memberId: member.memberId,
    nonce: sha256(new TextEncoder().encode(`nonce ${index}`)),
    balances: member.balances.map(units),
  }));
  const tree = buildLiabilityTree(leaves, sha256);
  const root = tree.levels[tree.levels.length - 1]![0]!;
  const snapshot: TLiabilitySnapshot = {
    id: '7',
    takenAt: '2026-11-27T00:00:05.000Z',
    kind: 'daily',
    assets: ['USDT', 'KPC'],
    rootHash: bytesToHex(root.hash),
    totals: root.sums.map(decimal),
    leafCount: leaves.length,
  };
  const proof: TLiabilityProof = {
    memberId: '12',
    nonce: bytesToHex(leaves[1]!.nonce),
    balances: leaves[1]!.balances.map(decimal),
    path: tree
      .pathOf(1)
      .map((step) => ({ side: step.side, hash: bytesToHex(step.hash), sums: step.sums.map(decimal) })),
  };
  return { snapshot, proof };
}

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
let latest: { snapshot: TLiabilitySnapshot | null };
let mine: { snapshot: TLiabilitySnapshot | null; proof: TLiabilityProof | null };

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProofPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  bindNavigator({ navigate, goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/pages/proof/index' });
  useUserStore.setState({ token: 'member-token', address: '' });
  const { snapshot, proof } = publishedTree();
  latest = { snapshot };
  mine = { snapshot, proof };
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/pol/latest') return Promise.resolve(jsonResponse(ok(latest)));
    if (path === '/pol/proof') return Promise.resolve(jsonResponse(ok(mine)));
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  bindNavigator(null);
  useUserStore.getState().reset();
});

const verdict = async () => {
  const element = await screen.findByTestId('proof-verdict');
  await waitFor(() => expect(element.dataset.state).not.toBe('checking'));
  return element;
};

describe('ProofPage (Step 11 §1 "Verify my balance")', () => {
  it('recomputes the published root from the member’s leaf and path, and shows their balances', async () => {
    renderPage();
    // Never a verdict before the figures are in.
    expect(screen.getByTestId('proof-snapshot-loading')).toBeTruthy();
    expect(screen.queryByTestId('proof-verdict')).toBeNull();
    expect((await verdict()).dataset.state).toBe('verified');
    expect(textOf('proof-verdict')).toContain('Verified');
    expect(textOf('proof-balance-USDT')).toBe('250.5');
    expect(textOf('proof-balance-KPC')).toBe('0');
    expect(textOf('proof-total-USDT')).toBe('350.5 USDT');
    expect(textOf('proof-total-KPC')).toBe('12.25 KPC');
    expect(textOf('proof-members')).toBe('3');
    expect(textOf('proof-root')).toBe(latest.snapshot!.rootHash);
  });

  it('checks against the root published to everyone, not the copy beside the proof', async () => {
    // The member's answer carries a root their path does climb to; the one published to everyone differs.
    latest = { snapshot: { ...latest.snapshot!, rootHash: 'a'.repeat(64) } };
    renderPage();
    const element = await verdict();
    expect(element.dataset.state).toBe('failed');
    expect(textOf('proof-verdict')).toContain('Your path does not lead to the published root.');
  });

  it('refuses a balance changed in the leaf, and a total that the path does not add up to', async () => {
    mine = { ...mine, proof: { ...mine.proof!, balances: ['1000', '0'] } };
    renderPage();
    expect((await verdict()).dataset.state).toBe('failed');
    cleanup();

    const { snapshot, proof } = publishedTree();
    mine = { snapshot, proof };
    latest = { snapshot: { ...snapshot, totals: ['350.6', '12.25'] } };
    renderPage();
    expect((await verdict()).dataset.state).toBe('failed');
    expect(textOf('proof-verdict')).toContain('does not add up to the published totals');
  });

  it('downloads the proof as the offline script reads it', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:proof';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('kpc-proof-2026-11-27-7.json');
    });
    renderPage();
    await verdict();
    await press('proof-download');
    expect(clicked).toHaveBeenCalledOnce();
    expect(JSON.parse(await saved!.text())).toEqual({ snapshot: mine.snapshot, proof: mine.proof });
  });

  it('tells a member who had no balance at the snapshot that the next one counts them', async () => {
    mine = { snapshot: mine.snapshot, proof: null };
    renderPage();
    expect(await screen.findByTestId('proof-not-included')).toBeTruthy();
    expect(screen.queryByTestId('proof-verdict')).toBeNull();
  });

  it('says when no snapshot is published yet', async () => {
    latest = { snapshot: null };
    mine = { snapshot: null, proof: null };
    renderPage();
    expect(await screen.findByTestId('proof-none')).toBeTruthy();
    expect(screen.queryByTestId('proof-mine')).toBeNull();
  });

  it('shows a visitor the published figures and offers a login that comes back here', async () => {
    useUserStore.setState({ token: '' });
    renderPage();
    expect(await screen.findByTestId('proof-root')).toBeTruthy();
    expect(callsTo(fetchMock, '/pol/proof')).toHaveLength(0);
    await press('proof-login');
    expect(navigate).toHaveBeenCalledWith('/pages/login/index?redirect=%2Fpages%2Fproof%2Findex', { replace: false });
  });

  it('asks again for the proof when a newer snapshot was published between the two answers', async () => {
    const { snapshot } = publishedTree();
    latest = { snapshot: { ...snapshot, id: '8' } };
    mine = { snapshot, proof: mine.proof };
    renderPage();
    await waitFor(() => expect(callsTo(fetchMock, '/pol/proof').length).toBeGreaterThanOrEqual(2));
  });
});
