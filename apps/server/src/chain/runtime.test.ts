import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { configuredChainRuntime, devChainRuntime, shouldRunDevChain, toAppConfig } from './runtime.ts';

const USDT_POLYGON = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
const RECHARGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('chain settings (SPEC §3 environment keys)', () => {
  it('reads CHAIN_<id>_* settings and keeps the allowed order', () => {
    const config = loadConfig({
      ALLOWED_CHAIN_IDS: '56, 137',
      CHAIN_137_RPC_URL: 'https://polygon.example/key-123',
      CHAIN_137_USDT: USDT_POLYGON.toLowerCase(),
      CHAIN_137_RECHARGE: RECHARGE,
      CHAIN_137_PUBLIC_RPC_URL: 'https://polygon-rpc.com',
      CHAIN_137_DEPOSIT_ADDRESS: RECHARGE.toLowerCase(),
      CHAIN_137_START_BLOCK: '65000000',
    });
    const runtime = configuredChainRuntime(config);
    expect(runtime.allowedChainIds).toEqual([56, 137]);
    expect(runtime.chains.map((chain) => chain.chainId)).toEqual([56, 137]);
    expect(runtime.chains[1]).toMatchObject({
      name: 'Polygon',
      rpcUrl: 'https://polygon.example/key-123',
      usdt: USDT_POLYGON,
      recharge: RECHARGE,
      kpc: null,
      depositAddress: RECHARGE,
      startBlock: 65_000_000n,
    });
  });

  it('names every bad chain variable', () => {
    expect(() =>
      loadConfig({
        ALLOWED_CHAIN_IDS: '137,polygon',
        CHAIN_137_USDT: '0x1234',
        CHAIN_56_RPC_URL: 'bsc.example',
        CHAIN_1_TREASURE: 'x',
      }),
    ).toThrow(/ALLOWED_CHAIN_IDS[\s\S]*CHAIN_137_USDT[\s\S]*CHAIN_56_RPC_URL[\s\S]*CHAIN_1_TREASURE/);
    // A mixed-case address must carry its EIP-55 checksum.
    expect(() => loadConfig({ CHAIN_137_USDT: '0xC2132D05D31c914a87C6611C10748AEb04B58e8F' })).toThrow(
      /CHAIN_137_USDT/,
    );
  });

  it('runs the embedded chain only in development without RPC settings, unless forced', () => {
    expect(shouldRunDevChain(loadConfig({}))).toBe(true);
    expect(shouldRunDevChain(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(shouldRunDevChain(loadConfig({ CHAIN_137_RPC_URL: 'https://polygon.example' }))).toBe(false);
    expect(shouldRunDevChain(loadConfig({ DEV_CHAIN: 'off' }))).toBe(false);
    expect(shouldRunDevChain(loadConfig({ NODE_ENV: 'production', DEV_CHAIN: 'on' }))).toBe(true);
  });

  it('adds the local chain to the allowed list only in dev-chain mode', () => {
    const config = loadConfig({});
    expect(configuredChainRuntime(config).allowedChainIds).toEqual([137, 56, 1]);
    const runtime = devChainRuntime(config, {
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545',
      usdt: USDT_POLYGON,
      kpc: RECHARGE,
      recharge: RECHARGE,
      depositAddress: RECHARGE,
      hotWalletKey: `0x${'11'.repeat(32)}`,
    });
    expect(runtime.allowedChainIds).toEqual([137, 56, 1, 31337]);
    expect(runtime.devChain).toBe(true);
    expect(runtime.chains.at(-1)).toMatchObject({ chainId: 31337, name: 'KPC local chain', usdt: USDT_POLYGON });
  });

  it('never tells the member app the server node URL, only the public one', () => {
    const config = loadConfig({ CHAIN_137_RPC_URL: 'https://polygon.example/secret-key' });
    const appConfig = toAppConfig(configuredChainRuntime(config));
    expect(JSON.stringify(appConfig)).not.toContain('secret-key');
    expect(appConfig.chains[0]).toMatchObject({ chainId: 137, rpcUrl: null, explorerUrl: 'https://polygonscan.com' });
  });
});

describe('wallet message domains', () => {
  it('default to the host of PUBLIC_URL and, outside production, its localhost twin', () => {
    expect(loadConfig({}).siweDomains).toEqual(['localhost:8080', '127.0.0.1:8080']);
    expect(loadConfig({ PUBLIC_URL: 'https://app.kpc.example' }).siweDomains).toEqual(['app.kpc.example']);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:9000' }).siweDomains).toEqual([
      'localhost:9000',
    ]);
    expect(loadConfig({ SIWE_DOMAINS: 'a.example, b.example:8443' }).siweDomains).toEqual([
      'a.example',
      'b.example:8443',
    ]);
  });
});
