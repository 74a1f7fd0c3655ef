import { LoginType, type TUserInfo } from '@kpc/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/storage.ts';

export type LoginTypeValue = (typeof LoginType)[keyof typeof LoginType];

/** SPEC §3 "User store": persisted under `kpc:user`. */
interface UserData {
  userInfo: TUserInfo | null;
  token: string;
  /** The bound wallet address, '' when an email member has none. */
  address: string;
  /** The browser wallet's accounts, the current one first (lib/wallet keeps it in step). */
  walletList: string[];
  /**
   * KPC price in USDT and the estimated total assets in USDT, as decimal strings (SPEC §3), exactly
   * as the server last answered them; null until a `/api/ass/lst` answer arrived. Never a stand-in
   * "0": a member holding 4,184 USDT must not read 0 anywhere. Screens show the figures of this
   * session's answer (the query), not these, so a figure from an earlier visit is never shown as current.
   */
  price: string | null;
  allQuantity: string | null;
  /** 0 default, -1 wallet login, otherwise the email login `type` (1 password, 2 code). */
  loginType: LoginTypeValue;
  /** This session made the member (a registration, a wallet's first sign-in): Home greets them as new. */
  isNewMember: boolean;
  /** Epoch ms of the last session or user-info change. */
  lastUpdateTime: number;
}

interface UserActions {
  setSession(session: { token: string; address: string; loginType: LoginTypeValue; isNewMember?: boolean }): void;
  setUserInfo(userInfo: TUserInfo): void;
  /** The wallet address the member just bound. */
  setAddress(address: string): void;
  setWalletList(walletList: readonly string[]): void;
  /** The totals of a `/api/ass/lst` answer (only ever called with what the server said). */
  setAssetTotals(totals: { allQuantity: string; price: string }): void;
  reset(): void;
}

const initialUserData: UserData = {
  userInfo: null,
  token: '',
  address: '',
  walletList: [],
  price: null,
  allQuantity: null,
  loginType: LoginType.NONE,
  isNewMember: false,
  lastUpdateTime: 0,
};

export const useUserStore = create<UserData & UserActions>()(
  persist(
    (set) => ({
      ...initialUserData,
      // Another member's total must not stand for this one's until their own balances are read.
      setSession: ({ token, address, loginType, isNewMember = false }) =>
        set((state) => ({
          token,
          address,
          loginType,
          isNewMember,
          allQuantity: token === state.token ? state.allQuantity : null,
          lastUpdateTime: Date.now(),
        })),
      setUserInfo: (userInfo) => set({ userInfo, lastUpdateTime: Date.now() }),
      setAddress: (address) => set({ address, lastUpdateTime: Date.now() }),
      setWalletList: (walletList) => set({ walletList: [...walletList] }),
      setAssetTotals: ({ allQuantity, price }) => set({ allQuantity, price }),
      // SPEC §4: logout or an auth error clears token, address, wallet and user info.
      reset: () => set({ ...initialUserData, lastUpdateTime: Date.now() }),
    }),
    {
      name: STORAGE_KEYS.user,
      storage: createJSONStorage(() => localStorage),
      // Version 0 stored "0" before any answer (and for a failed one): that figure was never read,
      // so it is dropped rather than trusted.
      version: 1,
      migrate: (persisted, version) =>
        (version < 1 ? { ...(persisted as object), price: null, allQuantity: null } : persisted) as UserData,
      partialize: ({
        userInfo,
        token,
        address,
        walletList,
        price,
        allQuantity,
        loginType,
        isNewMember,
        lastUpdateTime,
      }) => ({
        userInfo,
        token,
        address,
        walletList,
        price,
        allQuantity,
        loginType,
        isNewMember,
        lastUpdateTime,
      }),
    },
  ),
);

export function selectIsLoggedIn(state: UserData): boolean {
  return state.token !== '';
}

export function isLoggedIn(): boolean {
  return selectIsLoggedIn(useUserStore.getState());
}
