import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/config/storage.ts';

/** What a hidden balance shows instead of its figure, wherever a balance is shown. */
export const HIDDEN_BALANCE = '****';

interface BalanceVisibility {
  /** The member chose to hide balances (the eye on Home and Assets); kept on this device. */
  isHidden: boolean;
  toggle: () => void;
}

/**
 * The one "hide balances" preference Home and Assets share, as in wallet apps. It belongs to the
 * device, not the session: it stays across logout, like the language.
 */
export const useBalanceVisibility = create<BalanceVisibility>()((set, get) => ({
  isHidden: readStorage(STORAGE_KEYS.hideBalances) === '1',
  toggle: () => {
    const isHidden = !get().isHidden;
    writeStorage(STORAGE_KEYS.hideBalances, isHidden ? '1' : '0');
    set({ isHidden });
  },
}));

/** `text` as shown: masked while balances are hidden. */
export function maskBalance(text: string, isHidden: boolean): string {
  return isHidden ? HIDDEN_BALANCE : text;
}
