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
  /** KPC price in USDT and the estimated total assets in USDT, as decimal strings (SPEC §3). */
  price: string;
  allQuantity: string;
  /** 0 default, -1 wallet login, otherwise the email login `type` (1 password, 2 code). */
  loginType: LoginTypeValue;
  /** Epoch ms of the last session or user-info change. */
  lastUpdateTime: number;
}

interface UserActions {
  setSession(session: { token: string; address: string; loginType: LoginTypeValue }): void;
  setUserInfo(userInfo: TUserInfo): void;
  /** The wallet address the member just bound. */
  setAddress(address: string): void;
  setWalletList(walletList: readonly string[]): void;
  /** The totals of the last `/api/ass/lst` answer. */
  setAssetTotals(totals: { allQuantity: string; price: string }): void;
  reset(): void;
}

const initialUserData: UserData = {
  userInfo: null,
  token: '',
  address: '',
  walletList: [],
  price: '0',
  allQuantity: '0',
  loginType: LoginType.NONE,
  lastUpdateTime: 0,
};

export const useUserStore = create<UserData & UserActions>()(
  persist(
    (set) => ({
      ...initialUserData,
      setSession: ({ token, address, loginType }) => set({ token, address, loginType, lastUpdateTime: Date.now() }),
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
      partialize: ({ userInfo, token, address, walletList, price, allQuantity, loginType, lastUpdateTime }) => ({
        userInfo,
        token,
        address,
        walletList,
        price,
        allQuantity,
        loginType,
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
