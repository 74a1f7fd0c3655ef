import type { TAppConfig } from '@kpc/shared';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describeChain, type ChainSettings } from '../config/chains.ts';
import type { Config } from '../config/env.ts';

/**
 * The chains this server works with, resolved once at start: from `CHAIN_<id>_*` settings, or
 * from the embedded development chain. The server and the member app (through `/api/app/config`)
 * both read it, so contract addresses have one source.
 */
export interface ChainRuntime {
  /** Wallets and signed messages on other chains are refused (SPEC §5). */
  allowedChainIds: number[];
  /** Every allowed chain, described; configured ones carry their node and contracts. */
  chains: ChainSettings[];
  tokenCode: string;
  usdtQuantity: string;
  devChain: boolean;
}

/** The contracts of the embedded chain, as `@kpc/contracts/dev-chain` deployed them. */
export interface DevChainContracts {
  chainId: number;
  rpcUrl: string;
  usdt: Address;
  kpc: Address;
  recharge: Address;
  /** Receives direct USDT transfers (the dev chain's hot wallet). */
  depositAddress: Address;
  /** Pays withdrawals (the dev chain's funded hot wallet). */
  hotWalletKey: Hex;
  /** The test USDT's decimals (6 unless a test deploys another). */
  usdtDecimals: number;
}

/** Every allowed chain in the allowed list's order; configured settings where there are some. */
function mergeChains(allowedChainIds: number[], configured: ChainSettings[]): ChainSettings[] {
  const byId = new Map(configured.map((chain) => [chain.chainId, chain]));
  return allowedChainIds.map((chainId) => byId.get(chainId) ?? describeChain(chainId));
}

/** The chains of the configuration alone (production, tests, or the dev chain switched off). */
export function configuredChainRuntime(config: Config): ChainRuntime {
  return {
    allowedChainIds: config.ALLOWED_CHAIN_IDS,
    chains: mergeChains(config.ALLOWED_CHAIN_IDS, config.chains),
    tokenCode: config.TOKEN_CODE,
    usdtQuantity: config.USDT_QUANTITY,
    devChain: false,
  };
}

/** The configured chains plus the embedded one; its id joins the allowed list only in this mode. */
export function devChainRuntime(config: Config, contracts: DevChainContracts): ChainRuntime {
  const devChain: ChainSettings = {
    ...describeChain(contracts.chainId),
    name: 'Local test network',
    rpcUrl: contracts.rpcUrl,
    publicRpcUrl: contracts.rpcUrl,
    explorerUrl: null,
    usdt: contracts.usdt,
    recharge: contracts.recharge,
    kpc: contracts.kpc,
    depositAddress: contracts.depositAddress,
    hotWalletKey: contracts.hotWalletKey,
    usdtDecimals: contracts.usdtDecimals,
    isDevelopment: true,
    // A fresh chain on every start: read it from its first block.
    startBlock: 0n,
  };
  const allowedChainIds = [...new Set([...config.ALLOWED_CHAIN_IDS, contracts.chainId])];
  return {
    ...configuredChainRuntime(config),
    allowedChainIds,
    chains: mergeChains(allowedChainIds, [...config.chains, devChain]),
    devChain: true,
  };
}

const addressesOf = new WeakMap<ChainRuntime, Set<Address>>();

/**
 * Every address of the programme's own on any chain: token and Recharge contracts, deposit
 * addresses and hot wallets (checksummed). Never a withdrawal's destination.
 */
export function programmeAddresses(runtime: ChainRuntime): Set<Address> {
  let addresses = addressesOf.get(runtime);
  if (!addresses) {
    addresses = new Set(
      runtime.chains.flatMap((chain) => [
        ...[chain.usdt, chain.recharge, chain.kpc, chain.depositAddress].filter((address) => address !== null),
        ...(chain.hotWalletKey ? [privateKeyToAccount(chain.hotWalletKey).address] : []),
      ]),
    );
    addressesOf.set(runtime, addresses);
  }
  return addresses;
}

/** A chain's display name ("Polygon", "Local test network"), also for chains no longer configured. */
export function chainName(runtime: ChainRuntime, chainId: number): string {
  return (runtime.chains.find((chain) => chain.chainId === chainId) ?? describeChain(chainId)).name;
}

/** What `/api/app/config` tells the member app: never the server's own RPC URLs (they may hold keys). */
export function toAppConfig(runtime: ChainRuntime): Omit<TAppConfig, 'devClock'> {
  return {
    allowedChainIds: runtime.allowedChainIds,
    chains: runtime.chains.map((chain) => ({
      chainId: chain.chainId,
      name: chain.name,
      rpcUrl: chain.publicRpcUrl,
      explorerUrl: chain.explorerUrl,
      nativeCurrency: chain.nativeCurrency,
      usdt: chain.usdt,
      recharge: chain.recharge,
      kpc: chain.kpc,
      depositAddress: chain.depositAddress,
    })),
    tokenCode: runtime.tokenCode,
    usdtQuantity: runtime.usdtQuantity,
    devChain: runtime.devChain,
  };
}
