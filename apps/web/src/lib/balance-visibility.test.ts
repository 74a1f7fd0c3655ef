// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';

async function loadFresh() {
  vi.resetModules();
  return import('./balance-visibility.ts');
}

beforeEach(() => {
  localStorage.clear();
});

describe('balance visibility (the eye on Home and Assets)', () => {
  it('shows balances by default and masks them once toggled, as "****"', async () => {
    const { useBalanceVisibility, maskBalance } = await loadFresh();
    expect(useBalanceVisibility.getState().isHidden).toBe(false);
    expect(maskBalance('4,184', useBalanceVisibility.getState().isHidden)).toBe('4,184');
    useBalanceVisibility.getState().toggle();
    expect(maskBalance('4,184', useBalanceVisibility.getState().isHidden)).toBe('****');
  });

  it('keeps the choice on this device across a reload', async () => {
    const first = await loadFresh();
    first.useBalanceVisibility.getState().toggle();
    expect(localStorage.getItem(STORAGE_KEYS.hideBalances)).toBe('1');

    const reloaded = await loadFresh();
    expect(reloaded.useBalanceVisibility.getState().isHidden).toBe(true);
    reloaded.useBalanceVisibility.getState().toggle();

    const again = await loadFresh();
    expect(again.useBalanceVisibility.getState().isHidden).toBe(false);
  });

  it('still toggles when storage is unavailable', async () => {
    const { useBalanceVisibility } = await loadFresh();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    useBalanceVisibility.getState().toggle();
    expect(useBalanceVisibility.getState().isHidden).toBe(true);
    setItem.mockRestore();
  });
});
