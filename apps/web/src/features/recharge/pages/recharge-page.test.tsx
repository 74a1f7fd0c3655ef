// @vitest-environment happy-dom
import { ErrorCode, LoginType, type TDeposit, type TDepositChannel } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import { changeLocale } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse as answer } from '@/testing/json-response.ts';
import { callsTo, pathOf } from '@/testing/api-stub.ts';
import { RechargePage } from './recharge-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const MEMBER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DEPOSIT_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const TX = `0x${'ab'.repeat(32)}`;

function channel(overrides: Partial<TDepositChannel>): TDepositChannel {
  return {
    id: '31337-wallet',
    chainId: 31337,
    network: 'Local test network',
    asset: 'USDT',
    method: 'wallet',
    status: 'open',
    token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    contract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    address: null,
    minimum: '5',
    confirmations: 20,
    approveQuantity: '150000',
    tokenDecimals: 6,
    ...overrides,
  };
}

const channels = [
  channel({}),
  channel({ id: '31337-transfer', method: 'transfer', contract: null, address: DEPOSIT_ADDRESS }),
  channel({ id: '137-wallet', chainId: 137, network: 'Polygon', status: 'paused' }),
  channel({ id: '56-transfer', chainId: 56, network: 'BNB Smart Chain', method: 'transfer', status: 'not_open' }),
];

const confirming: TDeposit = {
  id: '9',
  chainId: 31337,
  network: 'Local test network',
  txHash: `0x${'cd'.repeat(32)}`,
  method: 'transfer',
  asset: 'USDT',
  amount: '12.5',
  status: 'pending',
  confirmations: 7,
  required: 20,
  createdAt: '2026-03-01T12:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
let accelerateAnswer: { code: number; msg: string; data: unknown } = { code: 200, msg: 'success', data: { list: [] } };

function bodyOf(call: Parameters<typeof fetch>): unknown {
  return JSON.parse(call[1]?.body as string);
}

function pageTitle() {
  return document.querySelector('.adm-nav-bar-title')?.textContent;
}

function renderPage(url: string) {
  const router = createMemoryRouter([{ path: '/pages/asset/recharge', Component: RechargePage }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  localStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/recharge/channels') return Promise.resolve(answer({ code: 200, msg: '', data: { list: channels } }));
    if (path === '/recharge/pending') {
      return Promise.resolve(answer({ code: 200, msg: '', data: { list: [confirming] } }));
    }
    if (path === '/recharge/accelerate') return Promise.resolve(answer(accelerateAnswer));
    if (path === '/acc/info') {
      const info = { id: '1', email: null, address: MEMBER, inviteCode: 'ABCDEFGH', referrerInviteCode: null };
      return Promise.resolve(answer({ code: 200, msg: '', data: { ...info, level: 'member', createdAt: '' } }));
    }
    return Promise.resolve(answer({ code: 404, msg: 'unexpected', data: null }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(showToast).mockClear();
  useUserStore.getState().setSession({ token: 'tok-1', address: MEMBER, loginType: LoginType.WALLET });
  accelerateAnswer = { code: 200, msg: 'success', data: { list: [] } };
  await changeLocale('en');
});

afterEach(() => {
  cleanup();
  useUserStore.getState().reset();
  vi.unstubAllGlobals();
});

describe('channel choice (SPEC §2 Recharge, §8)', () => {
  it('lists every channel with its state and refuses the paused and the unopened ones', async () => {
    const router = renderPage('/pages/asset/recharge');
    expect(await screen.findByTestId('recharge-channel-31337-wallet')).toBeTruthy();
    expect(pageTitle()).toBe('Recharge / Deposit');
    // Each method under its one name: Recharge from the wallet, Deposit to an address.
    const recharge = screen.getByTestId('recharge-group-wallet');
    expect(recharge.querySelector('h2')?.textContent).toBe('Recharge');
    expect(recharge.textContent).toContain('Local test network · USDT');
    expect(recharge.textContent).toContain('Polygon · USDT');
    const deposit = screen.getByTestId('recharge-group-transfer');
    expect(deposit.querySelector('h2')?.textContent).toBe('Deposit');
    expect(deposit.textContent).toContain('BNB Smart Chain · USDT');
    expect(deposit.querySelector('[data-testid="recharge-channel-31337-transfer"]')).not.toBeNull();
    expect(screen.getByTestId('recharge-channel-137-wallet-status').textContent).toBe('Paused');
    expect(screen.getByTestId('recharge-channel-56-transfer-status').textContent).toBe('Not open yet');

    fireEvent.click(screen.getByTestId('recharge-channel-137-wallet'));
    expect(showToast).toHaveBeenLastCalledWith('The current channel is temporarily unavailable.');
    fireEvent.click(screen.getByTestId('recharge-channel-56-transfer'));
    expect(showToast).toHaveBeenLastCalledWith('This channel is not open yet.');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('recharge-channel')).toBeNull();
  });

  it('keeps the chosen channel in the query, so a reload opens it again', async () => {
    const router = renderPage('/pages/asset/recharge');
    fireEvent.click(await screen.findByTestId('recharge-channel-31337-transfer'));
    expect(await screen.findByTestId('recharge-transfer')).toBeTruthy();
    expect(router.state.location.search).toBe('?channel=31337-transfer');
    cleanup();

    renderPage('/pages/asset/recharge?channel=31337-transfer');
    expect(await screen.findByTestId('recharge-address')).toHaveProperty('textContent', DEPOSIT_ADDRESS);
  });

  it.each([
    ['wallet', 'Recharge', ['31337-wallet', '137-wallet'], '31337-transfer'],
    ['transfer', 'Deposit', ['31337-transfer', '56-transfer'], '31337-wallet'],
  ])(
    'opened on a method (?channel=%s, a Home tile) lists only its networks under its name',
    async (method, title, shown, hidden) => {
      const router = renderPage(`/pages/asset/recharge?channel=${method}`);
      for (const id of shown) expect(await screen.findByTestId(`recharge-channel-${id}`)).toBeTruthy();
      expect(screen.queryByTestId(`recharge-channel-${hidden}`)).toBeNull();
      expect(pageTitle()).toBe(title);

      fireEvent.click(screen.getByTestId(`recharge-channel-${shown[0]}`));
      expect(await screen.findByTestId('recharge-channel')).toBeTruthy();
      expect(pageTitle()).toBe(title);
      // Change: another network for the same method.
      fireEvent.click(screen.getByTestId('recharge-change'));
      expect(await screen.findByTestId(`recharge-channel-${shown[1]}`)).toBeTruthy();
      expect(router.state.location.search).toBe(`?channel=${method}`);
      expect(screen.queryByTestId(`recharge-channel-${hidden}`)).toBeNull();
    },
  );

  it('Change returns to the list the channel was chosen from, or to its method when opened on it', async () => {
    const router = renderPage('/pages/asset/recharge');
    fireEvent.click(await screen.findByTestId('recharge-channel-31337-wallet'));
    expect(await screen.findByTestId('recharge-wallet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('recharge-change'));
    expect(await screen.findByTestId('recharge-group-transfer')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(pageTitle()).toBe('Recharge / Deposit');
    cleanup();

    const opened = renderPage('/pages/asset/recharge?channel=31337-transfer');
    fireEvent.click(await screen.findByTestId('recharge-change'));
    expect(await screen.findByTestId('recharge-group-transfer')).toBeTruthy();
    expect(screen.queryByTestId('recharge-group-wallet')).toBeNull();
    expect(opened.state.location.search).toBe('?channel=transfer');
  });

  it('names the method of a chosen channel in the title, the list heading and the button', async () => {
    renderPage('/pages/asset/recharge?channel=31337-wallet');
    expect(await screen.findByTestId('recharge-wallet')).toBeTruthy();
    expect(pageTitle()).toBe('Recharge');
    expect(screen.getByText('My recharges')).toBeTruthy();
    expect(screen.getByTestId('recharge-step-deposit').textContent).toContain('Recharge');
    cleanup();

    renderPage('/pages/asset/recharge?channel=31337-transfer');
    expect(await screen.findByTestId('recharge-transfer')).toBeTruthy();
    expect(pageTitle()).toBe('Deposit');
    expect(screen.getByText('My deposits')).toBeTruthy();
    cleanup();

    await changeLocale('zh-Hans');
    renderPage('/pages/asset/recharge?channel=31337-transfer');
    expect(await screen.findByTestId('recharge-transfer')).toBeTruthy();
    expect(pageTitle()).toBe('充币');
    expect(screen.getByTestId('recharge-network').textContent).toBe('本地测试网络');
  });

  it('shows the choice again when the chosen channel was paused since', async () => {
    renderPage('/pages/asset/recharge?channel=137-wallet');
    expect(await screen.findByTestId('recharge-channel-137-wallet')).toBeTruthy();
    expect(screen.queryByTestId('recharge-wallet')).toBeNull();
  });
});

describe('transfer detail (SPEC §2 Recharge, §5)', () => {
  it('shows the address as text and QR code, the network, the minimum and the crediting rules', async () => {
    renderPage('/pages/asset/recharge?channel=31337-transfer');
    expect(await screen.findByTestId('recharge-address')).toHaveProperty('textContent', DEPOSIT_ADDRESS);
    expect(screen.getByTestId('recharge-address-qr').querySelector('svg')).not.toBeNull();
    // The development chain's name is translated; other networks keep the server's name.
    expect(screen.getByTestId('recharge-network').textContent).toBe('Local test network');
    expect(screen.getByTestId('recharge-channel-network').textContent).toBe('Local test network · USDT');
    expect(screen.getByTestId('recharge-minimum').textContent).toBe('5 USDT');
    const rules = screen.getByTestId('recharge-transfer-rules').textContent;
    expect(rules).toContain('Deposits below 5 USDT are neither credited nor refunded.');
    expect(rules).toContain('Only transfers from your bound wallet 0x70...79C8 are credited.');
  });

  it('lists the deposits on this network with their status and confirmations n/20', async () => {
    renderPage('/pages/asset/recharge?channel=31337-transfer');
    const row = await screen.findByTestId('recharge-deposit-row');
    expect(row.textContent).toContain('12.5');
    expect(screen.getByTestId('recharge-deposit-status').textContent).toBe('Confirming');
    expect(screen.getByTestId('recharge-deposit-confirmations').textContent).toBe('Confirmations 7/20');
    expect(screen.getByTestId('recharge-deposit-hash').textContent).toBe('0xcdcd…cdcd');
    expect(callsTo(fetchMock, '/recharge/pending').map(bodyOf)).toContainEqual({ chainId: 31337 });
    // A deposit this device did not send has no Accelerate of its own.
    expect(screen.queryByTestId('recharge-deposit-accelerate')).toBeNull();
  });

  it('asks a member without a bound wallet to bind one', async () => {
    useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: LoginType.PASSWORD });
    fetchMock.mockImplementation((input) => {
      const path = pathOf(input);
      if (path === '/recharge/channels')
        return Promise.resolve(answer({ code: 200, msg: '', data: { list: channels } }));
      if (path === '/recharge/pending') return Promise.resolve(answer({ code: 200, msg: '', data: { list: [] } }));
      const info = { id: '1', email: 'a@b.co', address: '', inviteCode: 'ABCDEFGH', referrerInviteCode: null };
      return Promise.resolve(answer({ code: 200, msg: '', data: { ...info, level: 'member', createdAt: '' } }));
    });
    renderPage('/pages/asset/recharge?channel=31337-transfer');
    expect((await screen.findByTestId('recharge-transfer-not-bound')).textContent).toContain('Bind your wallet first');
    expect(screen.getByTestId('recharge-transfer-bind')).toBeTruthy();
    expect(await screen.findByTestId('recharge-deposits-empty')).toBeTruthy();
  });
});

describe('accelerate (SPEC §9)', () => {
  async function openSheet() {
    fireEvent.click(await screen.findByTestId('recharge-accelerate-link'));
    return screen.findByTestId('recharge-accelerate-hash');
  }

  async function submit() {
    await act(async () => {
      fireEvent.click(screen.getByTestId('recharge-accelerate-submit'));
      await Promise.resolve();
    });
  }

  it('checks the hash before asking the server', async () => {
    renderPage('/pages/asset/recharge?channel=31337-transfer');
    const input = await openSheet();
    await submit();
    expect(screen.getByTestId('recharge-accelerate-error').textContent).toBe('Enter the transaction hash');
    fireEvent.change(input, { target: { value: '0x1234' } });
    expect(screen.queryByTestId('recharge-accelerate-error')).toBeNull();
    await submit();
    expect(screen.getByTestId('recharge-accelerate-error').textContent).toBe(
      'Enter a valid transaction hash (0x followed by 64 hex characters)',
    );
    expect(callsTo(fetchMock, '/recharge/accelerate')).toHaveLength(0);
  });

  it('sends the chain and hash, keeps the sheet open on a refusal and closes it on success', async () => {
    accelerateAnswer = { code: ErrorCode.DEPOSIT_TX_NOT_FOUND, msg: 'No such transaction', data: null };
    renderPage('/pages/asset/recharge?channel=31337-transfer');
    const input = await openSheet();
    fireEvent.change(input, { target: { value: ` ${TX} ` } });
    await submit();
    await waitFor(() => expect(showToast).toHaveBeenLastCalledWith('No such transaction', 1500));
    const [accelerateCall] = callsTo(fetchMock, '/recharge/accelerate');
    expect(accelerateCall && bodyOf(accelerateCall)).toEqual({ chainId: 31337, txHash: TX });
    expect(screen.getByTestId('recharge-accelerate-sheet')).toBeTruthy();

    accelerateAnswer = { code: 200, msg: 'success', data: { list: [confirming] } };
    await submit();
    await waitFor(() =>
      expect(showToast).toHaveBeenLastCalledWith('Transaction found. It is credited after 20 confirmations.'),
    );
  });

  it('offers Accelerate with the hash filled in on a send from here not credited after 3 minutes', async () => {
    const sentAt = Date.now() - 4 * 60_000;
    const entry = { txHash: TX, chainId: 31337, from: MEMBER, amount: '20', sentAt };
    localStorage.setItem(STORAGE_KEYS.sentDeposits, JSON.stringify([entry]));
    renderPage('/pages/asset/recharge?channel=31337-wallet');
    const rows = await screen.findAllByTestId('recharge-deposit-row');
    expect(rows[0]?.textContent).toContain('Sent');
    expect(rows[0]?.textContent).toContain('Confirmations 0/20');
    fireEvent.click(screen.getByTestId('recharge-deposit-accelerate'));
    expect(await screen.findByTestId('recharge-accelerate-hash')).toHaveProperty('value', TX);
  });
});
