// @vitest-environment happy-dom
import type { TAddressBookResponse, TSavedAddress } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { setupAntdMobile } from '@/lib/setup-antd-mobile.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import { AddressBookPage } from './address-book-page.tsx';
import { AddressCancelPage } from './address-cancel-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const TOKEN = 'a'.repeat(43);
const fetchMock = vi.fn<typeof fetch>();
let book: TAddressBookResponse;
let cancelState: 'active' | 'cancelled';
let passkeyCount: number;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const saved = (overrides: Partial<TSavedAddress>): TSavedAddress => ({
  id: '1',
  chainId: 56,
  network: 'BNB Smart Chain',
  address: ADDRESS,
  label: 'Ledger',
  createdAt: '2026-11-28T00:00:00.000Z',
  usableAt: '2026-11-29T00:00:00.000Z',
  usable: false,
  ...overrides,
});

function renderWith(node: React.ReactNode, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => setupAntdMobile());

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({ navigate: vi.fn(), goBack: vi.fn(), canGoBack: () => true, getCurrentUrl: () => '/' });
  useUserStore.setState({ token: 'member-token', address: '' });
  cancelState = 'active';
  passkeyCount = 0;
  book = {
    list: [saved({}), saved({ id: '2', label: 'Exchange', usable: true, usableAt: '2026-11-20T00:00:00.000Z' })],
    addressBookOnly: false,
    lockHours: 24,
    max: 50,
    networks: [
      { chainId: 56, network: 'BNB Smart Chain' },
      { chainId: 137, network: 'Polygon' },
    ],
    email: 'm***@example.com',
  };
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/wdaddr/list') return Promise.resolve(jsonResponse(ok(book)));
    if (path === '/2fa/status')
      return Promise.resolve(
        jsonResponse(ok({ totp: { enabled: false, enabledAt: null }, passkeys: { count: passkeyCount }, email: null })),
      );
    if (path === '/wdaddr/sendCode') return Promise.resolve(jsonResponse(ok({ cooldownSeconds: 60 })));
    if (path === '/wdaddr/add') {
      book = { ...book, list: [saved({ id: '3', label: 'Cold', chainId: 137 }), ...book.list] };
      return Promise.resolve(jsonResponse(ok(book.list[0])));
    }
    if (path === '/wdaddr/remove') {
      book = { ...book, list: book.list.filter((item) => item.id !== '1') };
      return Promise.resolve(jsonResponse(ok(book)));
    }
    if (path === '/wdaddr/cancel/peek')
      return Promise.resolve(
        jsonResponse(
          ok({ label: 'Ledger', chainId: 56, network: 'BNB Smart Chain', address: '0x8b...BA72', state: cancelState }),
        ),
      );
    if (path === '/wdaddr/cancel') {
      const outcome = cancelState === 'active' ? 'cancelled' : 'already';
      cancelState = 'cancelled';
      return Promise.resolve(jsonResponse(ok({ outcome })));
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

describe('AddressBookPage (Step 11 §2)', () => {
  it('asks a member whose second step is a passkey for it, not for an authenticator code, before any review', async () => {
    passkeyCount = 1;
    renderWith(<AddressBookPage />);
    await press(await screen.findByTestId('address-book-add'));
    expect(await screen.findByTestId('address-add-passkey')).toBeTruthy();
    expect(screen.queryByTestId('address-add-totp')).toBeNull();
    type('address-add-address', ADDRESS);
    type('address-add-label', 'Cold');
    type('address-add-code', '123456');
    await press('address-add-next');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('Two-step verification is on: tap Use passkey to confirm.'),
    );
    expect(screen.queryByTestId('address-review')).toBeNull();
    expect(sentBodies(fetchMock, '/wdaddr/add')).toHaveLength(0);
  });

  it('lists saved addresses, a new one locked until its time and an older one usable', async () => {
    renderWith(<AddressBookPage />);
    const items = await screen.findAllByTestId('saved-address');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('saved-address-state').textContent).toMatch(/^Locked until /);
    expect(items[0]!.textContent).toContain('0x8ba1f1…64DBA72'.slice(0, 9));
    expect(within(items[1]!).getByTestId('saved-address-state').textContent).toBe('Usable');
    expect(screen.getByTestId('address-book-intro').textContent).toContain('24 hours');
  });

  it('adds an address only after validation and a review, sending the trimmed name and the code', async () => {
    renderWith(<AddressBookPage />);
    await press(await screen.findByTestId('address-book-add'));
    await press('address-add-network-137');
    type('address-add-address', '0x1234');
    type('address-add-label', '  ');
    await press('address-add-next');
    expect(await screen.findByText('Please enter a correct address')).toBeTruthy();
    expect(screen.getByText('Enter a name for this address.')).toBeTruthy();
    type('address-add-address', ` ${ADDRESS} `);
    type('address-add-label', '  Cold  ');
    type('address-add-code', '123456');
    await press('address-add-next');
    expect(await screen.findByTestId('address-review')).toBeTruthy();
    expect(screen.getByTestId('address-review-label').textContent).toBe('Cold');
    expect(screen.getByTestId('address-review-network').textContent).toBe('Polygon');
    expect(sentBodies(fetchMock, '/wdaddr/add')).toHaveLength(0);
    await press('address-review-confirm');
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/wdaddr/add')).toEqual([
        { chainId: 137, address: ADDRESS, label: 'Cold', code: '123456' },
      ]),
    );
    expect(showToast).toHaveBeenCalledWith('Address saved');
    await waitFor(() => expect(screen.getAllByTestId('saved-address')).toHaveLength(3));
  });

  it('removes an address after a confirmation', async () => {
    renderWith(<AddressBookPage />);
    const [first] = await screen.findAllByTestId('saved-address');
    await press(within(first!).getByTestId('saved-address-remove'));
    await press(await screen.findByTestId('saved-address-remove-confirm'));
    await waitFor(() => expect(sentBodies(fetchMock, '/wdaddr/remove')).toEqual([{ id: '1' }]));
    await waitFor(() => expect(screen.getAllByTestId('saved-address')).toHaveLength(1));
  });
});

describe('AddressCancelPage (Step 11 §2)', () => {
  it('shows what the link cancels, cancels it, and a second visit says already', async () => {
    renderWith(<AddressCancelPage />, `/?token=${TOKEN}`);
    expect((await screen.findByTestId('address-cancel-details')).textContent).toContain('0x8b...BA72');
    await press('address-cancel-confirm');
    await waitFor(() => expect(sentBodies(fetchMock, '/wdaddr/cancel')).toEqual([{ token: TOKEN }]));
    expect(await screen.findByTestId('address-cancel-done')).toBeTruthy();
    cleanup();
    renderWith(<AddressCancelPage />, `/?token=${TOKEN}`);
    expect(await screen.findByTestId('address-cancel-already')).toBeTruthy();
  });

  it('says a malformed link is not valid without asking the server', async () => {
    renderWith(<AddressCancelPage />, '/?token=nope');
    expect(await screen.findByTestId('address-cancel-invalid')).toBeTruthy();
    expect(sentBodies(fetchMock, '/wdaddr/cancel/peek')).toHaveLength(0);
  });
});
