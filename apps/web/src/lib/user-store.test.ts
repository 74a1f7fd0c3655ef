// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX } from '@/config/storage.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { assetListQueryOptions } from './api/get-asset-list.ts';
import { changeLocale } from './i18n.ts';
import { getHomeUrl, getInviteCode, rememberInviteCode } from './invite-code.ts';
import { queryClient } from './query-client.ts';
import { isLoggedIn, useUserStore } from './user-store.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn() }));

const userInfo = {
  id: 'u1',
  email: 'member@example.com',
  address: '',
  inviteCode: 'ZUD45HC9',
  referrerInviteCode: 'GENESIS1',
  level: 'member' as const,
  createdAt: '2026-11-20T00:00:00.000Z',
};

function readPersistedUser() {
  return JSON.parse(localStorage.getItem('kpc:user') ?? 'null') as { state: Record<string, unknown> } | null;
}

beforeEach(() => {
  useUserStore.getState().reset();
  localStorage.clear();
});

describe('user store (SPEC §3)', () => {
  it('persists the session and user info under kpc:user', () => {
    useUserStore.getState().setSession({ token: 'tok-1', address: '0xabc', loginType: 2 });
    useUserStore.getState().setUserInfo(userInfo);
    expect(isLoggedIn()).toBe(true);
    expect(readPersistedUser()?.state).toMatchObject({
      token: 'tok-1',
      address: '0xabc',
      loginType: 2,
      userInfo,
      walletList: [],
      price: null,
      allQuantity: null,
    });
    expect(readPersistedUser()?.state.lastUpdateTime).toEqual(expect.any(Number));
  });

  it('restores a stored session after a reload', async () => {
    localStorage.setItem(
      'kpc:user',
      JSON.stringify({ state: { token: 'tok-2', address: '', loginType: 1, userInfo }, version: 0 }),
    );
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ token: 'tok-2', loginType: 1, userInfo });
  });

  it('reset clears token, address, wallets and user info but not the remembered invite code', () => {
    rememberInviteCode('?inviteCode=ABCD2345');
    useUserStore.getState().setSession({ token: 'tok-1', address: '0xabc', loginType: -1 });
    useUserStore.getState().reset();
    expect(readPersistedUser()?.state).toMatchObject({
      token: '',
      address: '',
      userInfo: null,
      walletList: [],
      loginType: 0,
    });
    expect(isLoggedIn()).toBe(false);
    expect(getInviteCode()).toBe('ABCD2345');
    expect(getHomeUrl()).toBe('/pages/home/index?inviteCode=ABCD2345');
  });

  it('keeps every persisted key under the kpc: prefix', async () => {
    useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: 1 });
    rememberInviteCode('?inviteCode=ABCD2345');
    await changeLocale('ja');
    expect(localStorage.getItem('kpc:language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    expect(keys.sort()).toEqual(['kpc:inviteCode', 'kpc:language', 'kpc:user']);
    expect(keys.every((key) => key?.startsWith(STORAGE_PREFIX))).toBe(true);
    await changeLocale('en');
  });
});

describe('user store totals (SPEC §3 allQuantity): never a value that was not read', () => {
  it('holds no total until the server answered, and persists none, rather than "0"', () => {
    useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: 1 });
    expect(useUserStore.getState().allQuantity).toBeNull();
    expect(useUserStore.getState().price).toBeNull();
    expect(readPersistedUser()?.state).toMatchObject({ allQuantity: null, price: null });
  });

  it('keeps what /api/ass/lst answered, and nothing when the call fails', async () => {
    useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: 1 });
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    try {
      fetchMock.mockResolvedValueOnce(jsonResponse({ code: 500, msg: 'Internal error', data: null }, 500));
      await expect(queryClient.fetchQuery(assetListQueryOptions('tok-1'))).rejects.toThrow();
      expect(useUserStore.getState().allQuantity).toBeNull();
      expect(readPersistedUser()?.state.allQuantity).toBeNull();

      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(queryClient.fetchQuery(assetListQueryOptions('tok-1'))).rejects.toThrow();
      expect(useUserStore.getState().allQuantity).toBeNull();

      fetchMock.mockResolvedValueOnce(
        jsonResponse({ code: 200, msg: 'success', data: { lst: [], allQuantity: '4184', price: '0.5' } }),
      );
      await queryClient.fetchQuery(assetListQueryOptions('tok-1'));
      expect(readPersistedUser()?.state).toMatchObject({ allQuantity: '4184', price: '0.5' });
    } finally {
      vi.unstubAllGlobals();
      queryClient.clear();
    }
  });

  it("drops a member's total when another member's session starts, and on logout", () => {
    useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: 1 });
    useUserStore.getState().setAssetTotals({ allQuantity: '4184', price: '0.5' });
    // The same session again (e.g. a wallet reconnect) keeps it.
    useUserStore.getState().setSession({ token: 'tok-1', address: '', loginType: 1 });
    expect(useUserStore.getState().allQuantity).toBe('4184');

    useUserStore.getState().setSession({ token: 'tok-2', address: '', loginType: 1 });
    expect(useUserStore.getState().allQuantity).toBeNull();

    useUserStore.getState().setAssetTotals({ allQuantity: '7', price: '0.5' });
    useUserStore.getState().reset();
    expect(readPersistedUser()?.state).toMatchObject({ allQuantity: null, price: null });
  });

  it('does not trust a "0" stored by the earlier version, which wrote it without a read', async () => {
    localStorage.setItem(
      'kpc:user',
      JSON.stringify({
        state: { token: 'tok-3', address: '', loginType: 1, userInfo, price: '0', allQuantity: '0' },
        version: 0,
      }),
    );
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ token: 'tok-3', allQuantity: null, price: null });
  });

  it('restores a total the current version read', async () => {
    localStorage.setItem(
      'kpc:user',
      JSON.stringify({ state: { token: 'tok-4', allQuantity: '4184', price: '0.5' }, version: 1 }),
    );
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState()).toMatchObject({ token: 'tok-4', allQuantity: '4184', price: '0.5' });
  });
});
