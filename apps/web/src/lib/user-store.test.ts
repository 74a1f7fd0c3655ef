// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_PREFIX } from '@/config/storage.ts';
import { changeLocale } from './i18n.ts';
import { getHomeUrl, getInviteCode, rememberInviteCode } from './invite-code.ts';
import { isLoggedIn, useUserStore } from './user-store.ts';

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
      price: '0',
      allQuantity: '0',
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
