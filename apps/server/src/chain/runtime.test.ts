import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { configuredChainRuntime, devChainRuntime, programmeAddresses, toAppConfig } from './runtime.ts';

const USDT_POLYGON = '0xc2132D05D31c914a87C6611C10748AEb04B58e8F';
const RECHARGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const DEPOSIT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
/** What production and a real chain need besides (config/env.ts "Refused at start-up"). */
const REAL = { APP_SECRET: 's'.repeat(32), CARD_ISSUER: 'none' };
const SMTP = { SMTP_URL: 'smtp://mail.example:587', ...REAL };

describe('chain settings (SPEC §3 environment keys)', () => {
  it('reads CHAIN_<id>_* settings and keeps the allowed order', () => {
    const config = loadConfig({
      ALLOWED_CHAIN_IDS: '56, 137',
      CHAIN_137_RPC_URL: 'https://polygon.example/key-123',
      CHAIN_137_USDT: USDT_POLYGON.toLowerCase(),
      CHAIN_137_RECHARGE: RECHARGE,
      CHAIN_137_PUBLIC_RPC_URL: 'https://polygon-rpc.com',
      CHAIN_137_DEPOSIT_ADDRESS: DEPOSIT.toLowerCase(),
      CHAIN_137_START_BLOCK: '65000000',
      ...REAL,
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
      depositAddress: DEPOSIT,
      startBlock: 65_000_000n,
      usdtDecimals: 6,
      isDevelopment: false,
    });
  });

  it("knows USDT's decimals per chain, and needs them stated for any other chain", () => {
    const config = loadConfig({
      ALLOWED_CHAIN_IDS: '137,56,1',
      CHAIN_56_USDT: USDT_POLYGON,
      CHAIN_1_USDT: USDT_POLYGON,
    });
    expect(configuredChainRuntime(config).chains.map((chain) => [chain.chainId, chain.usdtDecimals])).toEqual([
      [137, 6],
      [56, 18],
      [1, 6],
    ]);
    expect(() => loadConfig({ CHAIN_8453_USDT: USDT_POLYGON })).toThrow(/CHAIN_8453_USDT_DECIMALS: required/);
    expect(loadConfig({ CHAIN_8453_USDT: USDT_POLYGON, CHAIN_8453_USDT_DECIMALS: '6' }).chains[0]?.usdtDecimals).toBe(
      6,
    );
    expect(() => loadConfig({ CHAIN_56_USDT_DECIMALS: '19' })).toThrow(/CHAIN_56_USDT_DECIMALS/);
  });

  it('refuses a deposit address that is one of the chain contracts', () => {
    for (const setting of ['USDT', 'RECHARGE', 'KPC']) {
      const address = setting === 'USDT' ? USDT_POLYGON : RECHARGE;
      expect(() => loadConfig({ [`CHAIN_137_${setting}`]: address, CHAIN_137_DEPOSIT_ADDRESS: address })).toThrow(
        new RegExp(`CHAIN_137_DEPOSIT_ADDRESS: must not be the ${setting} contract`),
      );
    }
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

  it('runs the embedded chain only outside production without RPC settings, unless forced, never in production', () => {
    expect(loadConfig({}).runsDevChain).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...SMTP }).runsDevChain).toBe(false);
    expect(loadConfig({ CHAIN_137_RPC_URL: 'https://polygon.example', ...REAL }).runsDevChain).toBe(false);
    expect(loadConfig({ DEV_CHAIN: 'off' }).runsDevChain).toBe(false);
    expect(loadConfig({ DEV_CHAIN: 'on', CHAIN_137_RPC_URL: 'https://polygon.example', ...REAL }).runsDevChain).toBe(
      true,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_CHAIN: 'on', ...SMTP })).toThrow(/DEV_CHAIN/);
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
      depositAddress: DEPOSIT,
      hotWalletKey: `0x${'11'.repeat(32)}`,
      usdtDecimals: 6,
    });
    expect(runtime.allowedChainIds).toEqual([137, 56, 1, 31337]);
    expect(runtime.devChain).toBe(true);
    expect(runtime.chains.at(-1)).toMatchObject({
      chainId: 31337,
      name: 'Local test network',
      usdt: USDT_POLYGON,
      isDevelopment: true,
    });
    // Never a withdrawal destination: the contracts, the deposit address and the hot wallet.
    const own = programmeAddresses(runtime);
    for (const address of [USDT_POLYGON, RECHARGE, DEPOSIT, '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A']) {
      expect(own.has(address as `0x${string}`), address).toBe(true);
    }
  });

  it('never tells the member app the server node URL, only the public one', () => {
    const config = loadConfig({ CHAIN_137_RPC_URL: 'https://polygon.example/secret-key', ...REAL });
    const appConfig = toAppConfig(configuredChainRuntime(config));
    expect(JSON.stringify(appConfig)).not.toContain('secret-key');
    expect(appConfig.chains[0]).toMatchObject({ chainId: 137, rpcUrl: null, explorerUrl: 'https://polygonscan.com' });
  });
});

describe('wallet message domains', () => {
  it('default to the host of PUBLIC_URL and, outside production, its localhost twin', () => {
    expect(loadConfig({}).siweDomains).toEqual(['localhost:8080', '127.0.0.1:8080']);
    expect(loadConfig({ PUBLIC_URL: 'https://app.kpc.example' }).siweDomains).toEqual(['app.kpc.example']);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:9000', ...SMTP }).siweDomains).toEqual([
      'localhost:9000',
    ]);
    expect(loadConfig({ SIWE_DOMAINS: 'a.example, b.example:8443' }).siweDomains).toEqual([
      'a.example',
      'b.example:8443',
    ]);
  });
});
