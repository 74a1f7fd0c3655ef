// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { getNetworkName, LOCAL_CHAIN_ID } from './network-name.ts';

afterAll(async () => {
  await changeLocale('en');
});

describe('getNetworkName', () => {
  it('translates the local development chain and keeps every other name as the server sends it', async () => {
    await changeLocale('en');
    expect(getNetworkName(LOCAL_CHAIN_ID, 'KPC local chain')).toBe('Local test network');
    expect(getNetworkName(137, 'Polygon')).toBe('Polygon');
    expect(getNetworkName(null, 'Polygon')).toBe('Polygon');

    await changeLocale('zh-Hans');
    expect(getNetworkName(31337, 'KPC local chain')).toBe('本地测试网络');
    expect(getNetworkName(56, 'BNB Smart Chain')).toBe('BNB Smart Chain');
    await changeLocale('ru');
    expect(getNetworkName(31337, 'KPC local chain')).toBe('Локальная тестовая сеть');
  });
});
